import type { Fine, Order } from '../../src/api/structs/fine.ts';
import { fineAmounts } from '../../src/lib/discounts.ts';
import { toKopecks } from '../../src/api/structs/fields.ts';
import { addDays } from '../../src/lib/isoDate.ts';
import type { FineRow, OrderRow } from '../db/schema.ts';
import type { IdentifierType } from '../providers/fines/provider.ts';

/** How a list was looked up, shown as each fine's identifier instead of the one stored. */
export type Identifier = { identifier: string; identifierType: IdentifierType };

/** A fine shown as found by its own УИН: no document of whoever looked it up first is revealed. */
export function byUin(uin: string): Identifier {
  return { identifier: uin, identifierType: 'uin' };
}

/** Days to move a pinned fixture's dates so its ruling stays `days_ago` days old; 0 for ordinary fines. */
export function dateShift(row: Pick<FineRow, 'days_ago' | 'ruling_date'>, today: string): number {
  if (row.days_ago === null) return 0;
  const target = addDays(today, -row.days_ago);
  return Math.round((Date.parse(`${target}T00:00:00Z`) - Date.parse(`${row.ruling_date}T00:00:00Z`)) / 86_400_000);
}

/** An ISO date-time with its date part moved by `days` (the time and offset stay). */
export function shiftDateTime(value: string, days: number): string {
  return days === 0 ? value : addDays(value.slice(0, 10), days) + value.slice(10);
}

/** A stored fine as the API shows it today: amounts and discount from the domain rules. */
export function toFine(row: FineRow, today: string, as?: Identifier): Fine {
  const shift = dateShift(row, today);
  const rulingDate = addDays(row.ruling_date, shift);
  const amounts = fineAmounts({ rulingDate, article: row.article, amount: row.amount, today });
  return {
    id: row.id,
    uin: row.uin,
    vehiclePlateNumber: row.plate_number,
    vehiclePlateRegion: row.plate_region,
    identifier: as?.identifier ?? row.identifier,
    identifierType: as?.identifierType ?? (row.identifier_type as IdentifierType),
    article: row.article,
    articleTitle: row.article_title,
    rulingDate,
    violationAt: shiftDateTime(row.violation_at, shift),
    place: { address: row.address, lat: row.lat, lon: row.lon },
    department: row.department,
    fullAmount: amounts.fullAmount,
    amountToPay: row.paid ? 0 : amounts.amountToPay,
    fullAmountKopecks: toKopecks(amounts.fullAmount),
    amountToPayKopecks: row.paid ? 0 : toKopecks(amounts.amountToPay),
    discountPercent: amounts.discountPercent,
    discountLastDay: amounts.discountLastDay,
    discountActive: !row.paid && amounts.discountActive,
    paymentDeadline: amounts.paymentDeadline,
    paid: row.paid,
    hasPhoto: row.camera_id !== null,
    speed: row.speed_actual !== null && row.speed_limit !== null ? { actual: row.speed_actual, limit: row.speed_limit } : null,
    payee: row.payee,
    shareHash: row.share_hash,
  };
}

/** A single fine as shown on its page: with the time of its latest payment order when it has one. */
export function toFineWithPaidAt(found: { fine: FineRow; orders: readonly OrderRow[] }, today: string, as?: Identifier): Fine {
  const fine = toFine(found.fine, today, as);
  const last = found.orders.at(-1);
  return last === undefined ? fine : { ...fine, paidAt: toOrder(last, found.fine, today, as).paidAt };
}

/** A payment order with its fine. */
export function toOrder(order: OrderRow, fine: FineRow, today: string, as?: Identifier): Order {
  const shift = dateShift(fine, today);
  const paidAt = new Date(order.paid_at.getTime() + shift * 86_400_000).toISOString();
  return { id: order.id, status: 'paid', amount: order.amount_kopecks / 100, amountKopecks: order.amount_kopecks, paidAt, fine: toFine(fine, today, as) };
}
