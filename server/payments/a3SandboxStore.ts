import type { Kysely } from 'kysely';
import type { A3SandboxOrdersTable, Database } from '../db/schema.ts';
import type { A3CreateOrder, A3OrderStatus } from './gateways/a3/protocol.ts';

/** An order of our A3 sandbox. */
export type A3SandboxOrder = {
  orderId: string;
  amountKopecks: number;
  description: string;
  returnUrl: string;
  failUrl: string;
  callbackUrl: string;
  status: A3OrderStatus;
  operationId: string | null;
};

/** A row as the sandbox uses it. */
function toOrder(row: { [K in keyof A3SandboxOrdersTable]: unknown }): A3SandboxOrder {
  return {
    orderId: String(row.order_id),
    amountKopecks: Number(row.amount_kopecks),
    description: String(row.description),
    returnUrl: String(row.return_url),
    failUrl: String(row.fail_url),
    callbackUrl: String(row.callback_url),
    status: row.status as A3OrderStatus,
    operationId: row.operation_id === null ? null : String(row.operation_id),
  };
}

/** Keeps a new order; the same order id twice keeps the first (a merchant's retry). */
export async function createA3SandboxOrder(db: Kysely<Database>, order: A3CreateOrder, now: Date): Promise<void> {
  await db
    .insertInto('a3_sandbox_orders')
    .values({ order_id: order.orderId, amount_kopecks: order.amount, description: order.description, return_url: order.returnUrl, fail_url: order.failUrl, callback_url: order.callbackUrl, status: 'created', operation_id: null, created_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/** An order by id. */
export async function a3SandboxOrder(db: Kysely<Database>, orderId: string): Promise<A3SandboxOrder | undefined> {
  if (!/^[\w-]{1,64}$/.test(orderId)) return undefined;
  const row = await db.selectFrom('a3_sandbox_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  return row === undefined ? undefined : toOrder(row);
}

/** Moves an order on from `from` (created by default), once; answers the order as it is now, or undefined when it had moved already. */
export async function finishA3SandboxOrder(db: Kysely<Database>, orderId: string, status: A3OrderStatus, operationId: string | null, from: A3OrderStatus = 'created'): Promise<A3SandboxOrder | undefined> {
  const row = await db.updateTable('a3_sandbox_orders').set({ status, operation_id: operationId }).where('order_id', '=', orderId).where('status', '=', from).returningAll().executeTakeFirst();
  return row === undefined ? undefined : toOrder(row);
}
