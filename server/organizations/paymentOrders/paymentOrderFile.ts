import ExcelJS from 'exceljs';
import { articleLabel } from '../../../src/lib/koapCitation.ts';
import { PAYMENT_ORDER_FACTS, orderRule } from '../../../src/lib/legalFacts/paymentOrderRules.ts';
import type { PayeeJson } from '../../db/schema.ts';
import { encodeWindows1251, exchangeText } from './clientBankExchange.ts';
import type { ExchangeDocument } from './clientBankExchange.ts';

/** The payer: the organization's requisites from the cabinet and its bank account. */
export type OrderPayer = { name: string; inn: string; kpp: string | null; account: string; bik: string; bankName: string; correspondentAccount: string };

/** A fine to pay with one order: what is due today and to whom. */
export type OrderFine = { fineId: number; uin: string; rulingDate: string; article: string; plate: string; amountKopecks: number; payee: PayeeJson & { correspondentAccount: string } };

/** One order as written: its number and the fine it pays. */
export type PaymentOrder = { number: number; fine: OrderFine };

/** DD.MM.YYYY from YYYY-MM-DD. */
const ruDate = (iso: string) => iso.split('-').reverse().join('.');
/** Kopecks as the format writes a sum: roubles with a point and two decimals. */
const sum = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;

/** Реквизит 24: what the payment is for, within the rule's length. */
export function paymentPurpose(fine: OrderFine): string {
  const text = `Оплата административного штрафа по постановлению № ${fine.uin} от ${ruDate(fine.rulingDate)}, ${articleLabel(fine.article)}, ТС ${fine.plate}. НДС не облагается`;
  return text.slice(0, Number(PAYMENT_ORDER_FACTS['paymentOrder.purposeLength'].value));
}

/** The fields of one «Платежное поручение» section, in the order of the 1.03 standard. */
export function orderFields(order: PaymentOrder, payer: OrderPayer, date: string): [string, string][] {
  const { fine } = order;
  const payerKpp = payer.kpp === null || payer.kpp === '' ? orderRule('paymentOrder.payerKppNone') : payer.kpp;
  return [
    ['Номер', String(order.number)],
    ['Дата', ruDate(date)],
    ['Сумма', sum(fine.amountKopecks)],
    ['ПлательщикСчет', payer.account],
    ['Плательщик', payer.name],
    ['ПлательщикИНН', payer.inn],
    ['ПлательщикКПП', payerKpp],
    ['Плательщик1', payer.name],
    ['ПлательщикРасчСчет', payer.account],
    ['ПлательщикБанк1', payer.bankName],
    ['ПлательщикБИК', payer.bik],
    ['ПлательщикКорсчет', payer.correspondentAccount],
    ['ПолучательСчет', fine.payee.account],
    ['Получатель', fine.payee.name],
    ['ПолучательИНН', fine.payee.inn],
    ['ПолучательКПП', fine.payee.kpp],
    ['Получатель1', fine.payee.name],
    ['ПолучательРасчСчет', fine.payee.account],
    ['ПолучательБанк1', fine.payee.bankName],
    ['ПолучательБИК', fine.payee.bik],
    ['ПолучательКорсчет', fine.payee.correspondentAccount],
    ['ВидПлатежа', ''],
    ['ВидОплаты', orderRule('paymentOrder.operationKind')],
    ['Код', fine.uin],
    ['СтатусСоставителя', orderRule('paymentOrder.payerStatus')],
    ['ПоказательКБК', fine.payee.kbk],
    // The 1.03 standard still calls реквизит 105 «ОКАТО»; it carries the ОКТМО code.
    ['ОКАТО', fine.payee.oktmo],
    ['ПоказательОснования', orderRule('paymentOrder.basis')],
    ['ПоказательПериода', orderRule('paymentOrder.period')],
    ['ПоказательНомера', orderRule('paymentOrder.documentNumber')],
    ['ПоказательДаты', orderRule('paymentOrder.documentDate')],
    ['Очередность', orderRule('paymentOrder.priority')],
    ['НазначениеПлатежа', paymentPurpose(fine)],
  ];
}

/** The file's name for the day. */
export const ordersFilename = (date: string, extension: 'txt' | 'xlsx') => `platezhki-shtrafy-${date}.${extension}`;

/**
 * The orders as a 1CClientBankExchange file (version 1.03) for the payer's bank client: Windows-1251,
 * CRLF, one «Платежное поручение» section per fine, `now` as the creation time (Moscow).
 */
export function paymentOrdersFile(orders: readonly PaymentOrder[], payer: OrderPayer, date: string, time: string): Uint8Array<ArrayBuffer> {
  const header: [string, string][] = [
    ['ВерсияФормата', '1.03'],
    ['Кодировка', 'Windows'],
    ['Отправитель', 'Штрафы Онлайн'],
    ['Получатель', ''],
    ['ДатаСоздания', ruDate(date)],
    ['ВремяСоздания', time],
    ['ДатаНачала', ruDate(date)],
    ['ДатаКонца', ruDate(date)],
    ['РасчСчет', payer.account],
    ['Документ', 'Платежное поручение'],
  ];
  const documents: ExchangeDocument[] = orders.map((order) => ({ kind: 'Платежное поручение', fields: orderFields(order, payer, date) }));
  return encodeWindows1251(exchangeText(header, documents));
}

/** The same orders as a workbook for reading: one row per order, the budget fields by their numbers. */
export async function paymentOrdersXlsx(orders: readonly PaymentOrder[], payer: OrderPayer, date: string): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Платёжные поручения');
  const columns: [string, number, (order: PaymentOrder) => string | number][] = [
    ['№ п/п', 8, (o) => o.number],
    ['Сумма, ₽', 12, (o) => o.fine.amountKopecks / 100],
    ['Получатель', 40, (o) => o.fine.payee.name],
    ['ИНН получателя', 13, (o) => o.fine.payee.inn],
    ['КПП получателя', 11, (o) => o.fine.payee.kpp],
    ['Казначейский счёт (17)', 22, (o) => o.fine.payee.account],
    ['ЕКС (15)', 22, (o) => o.fine.payee.correspondentAccount],
    ['БИК', 11, (o) => o.fine.payee.bik],
    ['Банк получателя', 40, (o) => o.fine.payee.bankName],
    ['УИН, «Код» (22)', 27, (o) => o.fine.uin],
    ['Статус (101)', 8, () => orderRule('paymentOrder.payerStatus')],
    ['КБК (104)', 22, (o) => o.fine.payee.kbk],
    ['ОКТМО (105)', 12, (o) => o.fine.payee.oktmo],
    ['Основание (106)', 8, () => orderRule('paymentOrder.basis')],
    ['Период (107)', 8, () => orderRule('paymentOrder.period')],
    ['Номер (108)', 8, () => orderRule('paymentOrder.documentNumber')],
    ['Дата (109)', 8, () => orderRule('paymentOrder.documentDate')],
    ['Очерёдность (21)', 8, () => orderRule('paymentOrder.priority')],
    ['Назначение платежа (24)', 60, (o) => paymentPurpose(o.fine)],
  ];
  sheet.columns = columns.map(([header, width]) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  // exceljs writes a string as a string even when it starts with «=»: only a { formula } value is a formula.
  for (const order of orders) sheet.addRow(columns.map(([, , value]) => value(order)));
  sheet.getColumn(2).numFmt = '#,##0.00';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const about = workbook.addWorksheet('Плательщик');
  about.addRows([
    ['Плательщик', payer.name],
    ['ИНН', payer.inn],
    ['КПП', payer.kpp ?? orderRule('paymentOrder.payerKppNone')],
    ['Счёт', payer.account],
    ['Банк', payer.bankName],
    ['БИК', payer.bik],
    ['Корр. счёт', payer.correspondentAccount],
    ['Дата', ruDate(date)],
    ['Поручений', orders.length],
    ['Итого, ₽', orders.reduce((total, o) => total + o.fine.amountKopecks, 0) / 100],
  ]);
  about.getColumn(1).width = 14;
  about.getColumn(2).width = 50;
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
