import { toKopecks } from '../../src/api/structs/fields.ts';
import type { OrdinanceItem } from '../../src/api/structs/ordinance.ts';
import type { Categorised } from '../../src/lib/ordinances.ts';
import type { FineWithOrders } from '../fines/fineQueries.ts';
import { toFine, toOrder } from '../fines/fineView.ts';
import type { Identifier } from '../fines/fineView.ts';
import type { DebtRow, TaxRow } from './innItemStore.ts';

/** An item of the list with the text the search looks through (and, for a fine, where it happened: the map's markers). */
export type ListedOrdinance = OrdinanceItem & Categorised & { point?: { lat: number; lon: number } };

/** A stored fine as a list item, shown as found by `as`. */
export function fineItem(entry: FineWithOrders, today: string, as: Identifier): ListedOrdinance {
  const fine = toFine(entry.fine, today, as);
  const order = entry.orders[0];
  const paidAt = order === undefined ? null : toOrder(order, entry.fine, today, as).paidAt;
  const vehiclePlate = `${fine.vehiclePlateNumber} ${fine.vehiclePlateRegion}`;
  return {
    id: `fine-${fine.id}`,
    kind: 'fine',
    ref: fine.id,
    identifier: fine.identifier,
    identifierType: fine.identifierType,
    title: fine.articleTitle,
    article: fine.article,
    number: fine.uin,
    amount: fine.fullAmount,
    amountToPay: fine.amountToPay,
    amountKopecks: fine.fullAmountKopecks,
    amountToPayKopecks: fine.amountToPayKopecks,
    discountActive: fine.discountActive,
    discountLastDay: fine.discountLastDay,
    date: fine.rulingDate,
    dueDate: fine.paid ? null : fine.paymentDeadline,
    paid: fine.paid,
    paidAt,
    vehiclePlate,
    place: fine.place.address,
    issuer: fine.department,
    searchText: [fine.uin, fine.article, fine.articleTitle, fine.identifier, vehiclePlate, fine.place.address, fine.department].join(' '),
    point: { lat: fine.place.lat, lon: fine.place.lon },
  };
}

/** The reply shape of an item (without the search text). */
export function toOrdinanceItem(item: ListedOrdinance): OrdinanceItem {
  const { searchText: _searchText, point: _point, ...reply } = item;
  return reply;
}

/** A tax accrual found by an ИНН, as a list item. */
export function taxItem(row: TaxRow, inn: string): ListedOrdinance {
  const amount = Number(row.amount_kopecks) / 100;
  const paid = row.paid_at !== null;
  const title = `${row.title} за ${row.period} год`;
  return {
    id: `tax-${row.id}`,
    kind: 'tax',
    ref: row.id,
    identifier: inn,
    identifierType: 'inn',
    title,
    article: null,
    number: row.uin,
    amount,
    amountToPay: paid ? 0 : amount,
    amountKopecks: toKopecks(amount),
    amountToPayKopecks: paid ? 0 : toKopecks(amount),
    discountActive: false,
    discountLastDay: null,
    // Accruals are sent out in the year after the tax year; the notice is dated 1 September.
    date: `${row.period + 1}-09-01`,
    dueDate: paid ? null : row.payment_deadline,
    paid,
    paidAt: row.paid_at?.toISOString() ?? null,
    vehiclePlate: null,
    place: null,
    issuer: row.tax_authority,
    searchText: [row.uin, title, inn, row.tax_authority].join(' '),
  };
}

/** An enforcement proceeding found by an ИНН, as a list item. */
export function debtItem(row: DebtRow, inn: string): ListedOrdinance {
  const amount = Number(row.amount_kopecks) / 100;
  const paid = row.paid_at !== null;
  return {
    id: `fssp-${row.id}`,
    kind: 'fssp',
    ref: row.id,
    identifier: inn,
    identifierType: 'inn',
    title: `Исполнительное производство № ${row.number}: ${row.subject.toLowerCase()}`,
    article: null,
    number: row.number,
    amount,
    amountToPay: paid ? 0 : amount,
    amountKopecks: toKopecks(amount),
    amountToPayKopecks: paid ? 0 : toKopecks(amount),
    discountActive: false,
    discountLastDay: null,
    date: row.opened_on,
    dueDate: null,
    paid,
    paidAt: row.paid_at?.toISOString() ?? null,
    vehiclePlate: null,
    place: null,
    issuer: row.bailiff_office,
    searchText: [row.number, row.uin, row.subject, inn, row.bailiff_office].join(' '),
  };
}
