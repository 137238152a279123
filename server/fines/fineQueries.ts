import type { Kysely, Selectable } from 'kysely';
import type { Database, FineRow, OrdersTable } from '../db/schema.ts';

/** A payment order row. */
export type OrderRow = Selectable<OrdersTable>;

/** A fine with its payment orders, read in one query. */
export type FineWithOrders = { fine: FineRow; orders: OrderRow[] };

/** Which fines to read. */
export type FineFilter = { subjectKey: string } | { uin: string } | { shareHash: string } | { readableBy: number; ids: readonly number[] };

/** Fines with their orders (one query: fines left-joined with orders), newest ruling first. */
export async function readFines(db: Kysely<Database>, filter: FineFilter): Promise<FineWithOrders[]> {
  if ('ids' in filter && filter.ids.length === 0) return [];
  let query = db
    .selectFrom('fines')
    .leftJoin('orders', 'orders.fine_id', 'fines.id')
    .selectAll('fines')
    .select([
      'orders.id as order_id',
      'orders.status as order_status',
      'orders.amount_kopecks as order_amount_kopecks',
      'orders.paid_at as order_paid_at',
    ]);
  if ('subjectKey' in filter) query = query.where('fines.subject_key', '=', filter.subjectKey);
  else if ('uin' in filter) query = query.where('fines.uin', '=', filter.uin);
  else if ('shareHash' in filter) query = query.where('fines.share_hash', '=', filter.shareHash);
  else {
    // Only fines under a subject the user was granted (their document or their search).
    const userId = filter.readableBy;
    query = query
      .innerJoin('search_grants', (join) =>
        join.onRef('search_grants.subject_key', '=', 'fines.subject_key').on('search_grants.user_id', '=', userId),
      )
      .where('fines.id', 'in', filter.ids);
  }
  const rows = await query.orderBy('fines.ruling_date', 'desc').orderBy('fines.id').orderBy('orders.id').execute();
  const byFine = new Map<number, FineWithOrders>();
  for (const { order_id, order_status, order_amount_kopecks, order_paid_at, ...fine } of rows) {
    let entry = byFine.get(fine.id);
    if (entry === undefined) {
      entry = { fine, orders: [] };
      byFine.set(fine.id, entry);
    }
    if (order_id !== null && order_status !== null && order_amount_kopecks !== null && order_paid_at !== null) {
      entry.orders.push({ id: order_id, fine_id: fine.id, status: order_status, amount_kopecks: order_amount_kopecks, paid_at: order_paid_at });
    }
  }
  return [...byFine.values()];
}

/** One fine the user may read, or undefined. */
export async function readableFine(db: Kysely<Database>, userId: number, id: number): Promise<FineRow | undefined> {
  return (await readFines(db, { readableBy: userId, ids: [id] }))[0]?.fine;
}
