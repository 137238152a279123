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
