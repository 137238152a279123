import { formatKopecks } from './paymentTotals.ts';

// What a payment's receipt says, block by block, for its page (/fines/document/{hash}/) and its PDF
// (receiptPdf.ts) alike, so the two never differ: the heading, the operation, the operator, each
// accrual with its payee's requisites, the amounts. No internal id of ours appears: the operation is
// named by the gateway's number.

/** A payee's requisites as the accrual carries them. */
export type ReceiptPayee = { name: string; inn: string; kpp: string; account: string; bik: string; bankName: string; oktmo: string; kbk: string };

/** What a receipt shows (the reply of GET /105/api/payment/receipt/{hash}); amounts in kopecks. */
export type ReceiptDocument = {
  paidAt: string;
  payer: string;
  kind: 'fines' | 'taxes';
  items: readonly { uin: string; amount: number; fullAmountKopecks: number; discountKopecks: number; title: string; payee: ReceiptPayee }[];
  amount: number;
  commission: number;
  total: number;
  fullAmountKopecks: number;
  discountKopecks: number;
  gateway: string;
  gatewayName: string;
  operationId: string | null;
  operator: { name: string; inn: string; kpp: string; ogrn: string; address: string; test: boolean };
};

/** A line of a requisites table: its label and value. */
export type ReceiptRow = readonly [label: string, value: string];

/** The gateways by their name in our settings, as a receipt names them. */
const GATEWAY_NAMES: Readonly<Record<string, string>> = { moneta: 'НКО «МОНЕТА» (ООО)', A3: 'ООО «Платёжный сервис А3»' };

/** How the receipt names the gateway that took the money. */
export const gatewayName = (gateway: string) => GATEWAY_NAMES[gateway] ?? gateway;

/** The heading: «Квитанция об оплате штрафа», «…штрафов», «…налога», «…налогов». */
export function receiptTitle(receipt: Pick<ReceiptDocument, 'kind' | 'items'>): string {
  const many = receipt.items.length > 1;
  const what = receipt.kind === 'taxes' ? (many ? 'налогов' : 'налога') : many ? 'штрафов' : 'штрафа';
  return `Квитанция об оплате ${what}`;
}

/** The moment of the operation in Moscow time: '24 ноября 2026 г., 13:05 МСК'. */
export function receiptMoment(paidAt: string): string {
  const at = new Date(paidAt);
  const day = at.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', year: 'numeric' });
  const time = at.toLocaleTimeString('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit', hour12: false });
  return `${day}, ${time}\u00a0МСК`;
}

/** Money as a receipt writes it; a discount with a minus. */
const money = (kopecks: number) => formatKopecks(kopecks);
const minus = (kopecks: number) => `−${formatKopecks(kopecks)}`;

/** Rows of a table, without the ones the data lacks. */
const present = (rows: readonly (ReceiptRow | false)[]): ReceiptRow[] => rows.filter((row): row is ReceiptRow => row !== false && row[1].trim() !== '');

/** The operation: when, the gateway's number, who took the money, who paid. */
export function operationRows(receipt: ReceiptDocument): ReceiptRow[] {
  return present([
    ['Дата и время операции', receiptMoment(receipt.paidAt)],
    receipt.operationId !== null && ['Номер операции', receipt.operationId],
    ['Платёжная система', receipt.gatewayName],
    ['Плательщик', receipt.payer],
  ]);
}

/** Who runs the service that accepted the payment. */
export function operatorRows(receipt: ReceiptDocument): ReceiptRow[] {
  const { operator } = receipt;
  return present([
    ['Оператор', operator.name],
    ['ИНН / КПП', operator.kpp === '' ? operator.inn : `${operator.inn} / ${operator.kpp}`],
    ['ОГРН', operator.ogrn],
    ['Адрес', operator.address],
  ]);
}

/** An accrual's heading: «Постановление 188…» or «Начисление 182…» for a tax. */
export const itemHeading = (receipt: Pick<ReceiptDocument, 'kind'>, uin: string) => `${receipt.kind === 'taxes' ? 'Начисление' : 'Постановление'} ${uin}`;

/** An accrual: its УИН, the payee's requisites as the accrual carries them, and what was paid. */
export function itemRows(item: ReceiptDocument['items'][number]): ReceiptRow[] {
  const { payee } = item;
  return present([
    ['УИН', item.uin],
    ['Получатель', payee.name],
    ['ИНН / КПП получателя', [payee.inn, payee.kpp].filter((part) => part !== '').join(' / ')],
    ['Банк получателя', payee.bankName],
    ['БИК', payee.bik],
    ['Счёт получателя', payee.account],
    ['ОКТМО', payee.oktmo],
    ['КБК', payee.kbk],
    ['Начислено', money(item.fullAmountKopecks)],
    item.discountKopecks > 0 && ['Скидка', minus(item.discountKopecks)],
    ['Оплачено', money(item.amount)],
  ]);
}

/** The amounts of the whole payment. */
export function amountRows(receipt: ReceiptDocument): ReceiptRow[] {
  const what = receipt.kind === 'taxes' ? 'Налоги' : 'Штрафы';
  return present([
    receipt.discountKopecks > 0 && [`${what} без скидки`, money(receipt.fullAmountKopecks)],
    receipt.discountKopecks > 0 && ['Скидка', minus(receipt.discountKopecks)],
    [`${what} к оплате`, money(receipt.amount)],
    ['Комиссия сервиса', money(receipt.commission)],
  ]);
}

/** The bottom line: 'Всего списано: 780 ₽'. */
export const receiptTotal = (receipt: Pick<ReceiptDocument, 'total'>) => `Всего списано: ${money(receipt.total)}`;

/** The note under the receipt. */
export const RECEIPT_NOTE = 'Сведения об оплате передаются в ГИС ГМП; обычно это занимает до двух суток. Квитанция подтверждает оплату.';

/** The note over a receipt whose operator's requisites are the repository's test values. */
export const RECEIPT_SAMPLE_NOTE = 'Образец: реквизиты оператора — тестовые значения из настроек.';
