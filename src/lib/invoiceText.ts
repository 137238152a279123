import { formatKopecks } from './paymentTotals.ts';
import { plural } from './plural.ts';

/** A party of an invoice. */
type Party = { name: string; inn: string; kpp: string | null; address: string | null };

/** What an invoice shows (the reply of GET /105/api/invoice/{hash}, src/api/structs/invoice.ts); amounts in kopecks. */
export type InvoiceDocument = {
  number: string;
  createdAt: string;
  seller: Party & { bank: { name: string; bik: string; account: string; correspondentAccount: string } };
  buyer: Party;
  item: { title: string; vehicles: number; months: number; priceKopecks: number };
  totalKopecks: number;
  paidAt?: string | null;
  vat: string;
  test: boolean;
};

/** The invoice's date as invoices write it: '25 ноября 2026 г.' (Moscow time). */
export function invoiceDate(invoice: Pick<InvoiceDocument, 'createdAt'>): string {
  return `${new Date(invoice.createdAt).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', year: 'numeric' })}`;
}

/** The heading: 'Счёт на оплату № 2026-00012 от 25 ноября 2026 г.' */
export const invoiceTitle = (invoice: InvoiceDocument) => `Счёт на оплату № ${invoice.number} от ${invoiceDate(invoice)}`;

/** What the line is for, with the vehicles and months spelled out. */
export function invoiceItemText(invoice: InvoiceDocument): string {
  const { vehicles, months } = invoice.item;
  return `${invoice.item.title}: ${vehicles} ${plural(vehicles, ['автомобиль', 'автомобиля', 'автомобилей'])} на ${months} ${plural(months, ['месяц', 'месяца', 'месяцев'])}`;
}

/** The quantity column: vehicle-months. */
export const invoiceQuantity = (invoice: InvoiceDocument) => invoice.item.vehicles * invoice.item.months;

/** What the payer writes in the payment order's purpose field. */
export function paymentPurpose(invoice: InvoiceDocument): string {
  return `Оплата по счёту № ${invoice.number} от ${new Date(invoice.createdAt).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' })} за доступ к кабинету организации. ${invoice.vat}`;
}

/** A party as one line: name, ИНН, КПП, address. */
export function partyLine(party: InvoiceDocument['buyer']): string {
  return [party.name, `ИНН ${party.inn}`, party.kpp === null ? '' : `КПП ${party.kpp}`, party.address ?? ''].filter((part) => part !== '').join(', ');
}

/** The total line: 'Итого: 5 400 ₽. Без НДС'. */
export const totalLine = (invoice: InvoiceDocument) => `Итого к оплате: ${formatKopecks(invoice.totalKopecks)}. ${invoice.vat}`;

/** How the total is made, as the form shows it before the invoice is issued and the invoice repeats: '3 авто × 12 мес × 150 ₽ = 5 400 ₽'. */
export function invoiceFormula(vehicles: number, months: number, priceKopecks: number): string {
  return `${vehicles}\u00a0авто × ${months}\u00a0мес × ${formatKopecks(priceKopecks)} = ${formatKopecks(vehicles * months * priceKopecks)}`;
}

/** The invoice's own formula: its vehicles, months and price. */
export const invoiceFormulaOf = (invoice: InvoiceDocument) => invoiceFormula(invoice.item.vehicles, invoice.item.months, invoice.item.priceKopecks);

/** The line under the invoice: how long it is valid, or when it was paid. */
export function invoiceValidity(invoice: Pick<InvoiceDocument, 'paidAt'>): string {
  return invoice.paidAt === null || invoice.paidAt === undefined ? 'Счёт действителен 10 банковских дней.' : `Оплачен ${new Date(invoice.paidAt).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' })}.`;
}
