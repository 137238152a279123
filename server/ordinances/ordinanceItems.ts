import type { OrdinanceItem } from '../../src/api/structs/ordinance.ts';
import type { Categorised } from '../../src/lib/ordinances.ts';
import type { FineWithOrders } from '../fines/fineQueries.ts';
import { toFine, toOrder } from '../fines/fineView.ts';
import type { Identifier } from '../fines/fineView.ts';

/** An item of the list with the text the search looks through. */
export type ListedOrdinance = OrdinanceItem & Categorised;

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
  };
}

/** The reply shape of an item (without the search text). */
export function toOrdinanceItem(item: ListedOrdinance): OrdinanceItem {
  const { searchText: _searchText, ...reply } = item;
  return reply;
}
