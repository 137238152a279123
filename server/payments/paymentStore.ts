import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PayerJson, PaymentItemsTable, PaymentsTable, PaymentStatus } from '../db/schema.ts';
import { ApiError } from '../http/apiError.ts';
import type { Quote } from './quote.ts';
import { DEFAULT_HOLD_MINUTES } from './settings.ts';
import { releaseHoldsFor } from './holds.ts';
import { emitPaidFleetFines } from '../integrations/webhooks/events.ts';

/** A payment row as read. */
export type PaymentRow = Selectable<PaymentsTable>;
/** A payment item row as read. */
export type PaymentItemRow = Selectable<PaymentItemsTable>;

/** What a new payment is made of; `holdMs` is how long it holds its fines without the gateway's answer. */
export type NewPayment = { userId: number; email: string; payer: PayerJson; quote: Quote; now: Date; paymentSystem?: PaymentsTable['payment_system']; holdMs?: number };

/** A payment id: 128 random bits, hex (it is the gateway's transaction id too). */
export function newPaymentId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Stores a payment waiting for the gateway, holding its fines. In the same transaction the payer's own
 * unfinished payments of these fines are cancelled and holds past their time closed (releaseHoldsFor);
 * another user's running payment refuses it with 409, and so does the unique index when two starts race.
 */
export async function createPayment(db: Kysely<Database>, input: NewPayment): Promise<PaymentRow> {
  const id = newPaymentId();
  const fineIds = input.quote.items.flatMap((item) => (item.fineId === null ? [] : [item.fineId]));
  const taxIds = input.quote.items.flatMap((item) => (item.taxId === null ? [] : [item.taxId]));
  const recipient = input.quote.recipient ?? 'fines';
  try {
    return await db.transaction().execute(async (tx) => {
      await releaseHoldsFor(tx, { userId: input.userId, fineIds, taxIds, now: input.now, holdMs: input.holdMs ?? DEFAULT_HOLD_MINUTES * 60_000, recipient });
      const row = await tx
        .insertInto('payments')
        .values({
          id,
          user_id: input.userId,
          status: 'wait',
          recipient_type: input.quote.recipient ?? 'fines',
          payment_system: input.paymentSystem ?? 'moneta',
          email: input.email,
          payer: JSON.stringify(input.payer),
          amount_kopecks: input.quote.totals.amountKopecks,
          commission_kopecks: input.quote.totals.commissionKopecks,
          total_kopecks: input.quote.totals.totalKopecks,
          gateway_operation_id: null,
          error_desc: null,
          receipt_hash: null,
          created_at: input.now,
          finished_at: null,
          redirect_url: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('payment_items')
        .values(input.quote.items.map((item) => ({ payment_id: id, fine_id: item.fineId, tax_id: item.taxId, uin: item.uin, amount_kopecks: item.amountKopecks, full_kopecks: item.fullKopecks, holds: true })))
        .execute();
      return row;
    });
  } catch (error) {
    if (String((error as { code?: string }).code) === '23505') {
      throw new ApiError(409, input.quote.recipient === 'taxes' ? 'Этот налог уже оплачивается в другом платеже: дождитесь его результата или отмените его' : 'Этот штраф уже оплачивается в другом платеже: дождитесь его результата или отмените его');
    }
    throw error;
  }
}

/** Remembers the gateway page the payer is sent to («Продолжить оплату» returns there), and the gateway that took the payment. */
export async function setGatewayPage(db: Kysely<Database>, id: string, paymentSystem: PaymentsTable['payment_system'], redirectUrl: string): Promise<void> {
  await db.updateTable('payments').set({ payment_system: paymentSystem, redirect_url: redirectUrl }).where('id', '=', id).where('status', '=', 'wait').execute();
}

/** The payer's name and e-mail of the user's latest payment, to fill the next checkout; undefined before the first. */
export async function lastPayer(db: Kysely<Database>, userId: number): Promise<{ fio: string; email: string } | undefined> {
  const row = await db.selectFrom('payments').select(['payer', 'email']).where('user_id', '=', userId).where('email', '<>', '').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row === undefined ? undefined : { fio: row.payer.fio, email: row.email };
}

/** A payment by id (anyone's: callers check the owner). */
export function readPayment(db: Kysely<Database>, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's payment, or undefined for anyone else's. */
export function ownPayment(db: Kysely<Database>, userId: number, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** A payment's fines in the order they were quoted. */
export function paymentItems(db: Kysely<Database>, paymentId: string): Promise<PaymentItemRow[]> {
  return db.selectFrom('payment_items').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
}

/** What a paid notification did: paid the payment now, found it paid already, or found it closed unpaid. */
export type SettleOutcome = 'settled' | 'already' | 'closed';

/**
 * Marks a waiting payment paid, once: the status changes only from 'wait' (one conditional update),
 * and in the same transaction its fines become paid with an order each (its taxes paid) and stop being held.
 */
export async function settlePaid(db: Kysely<Database>, id: string, operationId: string, now: Date): Promise<SettleOutcome> {
  return db.transaction().execute(async (tx) => {
    const changed = await tx
      .updateTable('payments')
      .set({ status: 'success', gateway_operation_id: operationId, finished_at: now, receipt_hash: randomBytes(16).toString('base64url') })
      .where('id', '=', id)
      .where('status', '=', 'wait')
      .returning('id')
      .executeTakeFirst();
    if (changed === undefined) {
      const current = await tx.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      return current.status === 'success' ? 'already' : 'closed';
    }
    const items = await tx.updateTable('payment_items').set({ holds: false }).where('payment_id', '=', id).returning(['fine_id', 'tax_id', 'amount_kopecks']).execute();
    const fines = items.flatMap((item) => (item.fine_id === null ? [] : [{ fineId: item.fine_id, amount: Number(item.amount_kopecks) }]));
    const taxIds = items.flatMap((item) => (item.tax_id === null ? [] : [item.tax_id]));
    if (fines.length > 0) {
      await tx.updateTable('fines').set({ paid: true }).where('id', 'in', fines.map((fine) => fine.fineId)).execute();
      await tx.insertInto('orders').values(fines.map((fine) => ({ fine_id: fine.fineId, status: 'paid', amount_kopecks: fine.amount, paid_at: now }))).execute();
      await emitPaidFleetFines(tx, fines.map((fine) => fine.fineId), now); // webhook fine.paid, once: in this transaction
    }
    if (taxIds.length > 0) await tx.updateTable('taxes').set({ paid_at: now }).where('id', 'in', taxIds).execute();
    return 'settled';
  });
}

/** Closes a waiting payment unpaid (refused, expired or cancelled) and frees its fines; false when it was no longer waiting. */
export async function closeUnpaid(db: Kysely<Database>, id: string, status: Extract<PaymentStatus, 'error' | 'cancelled'>, reason: string | null, now: Date): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const changed = await tx.updateTable('payments').set({ status, error_desc: reason, finished_at: now }).where('id', '=', id).where('status', '=', 'wait').returning('id').executeTakeFirst();
    if (changed === undefined) return false;
    await tx.updateTable('payment_items').set({ holds: false }).where('payment_id', '=', id).execute();
    return true;
  });
}

/** Keeps what happened to a payment (a notification accepted or refused, a cancel), for the team and the tests. */
export async function recordPaymentEvent(db: Kysely<Database>, paymentId: string | null, kind: string, outcome: string, now: Date): Promise<void> {
  await db.insertInto('payment_events').values({ payment_id: paymentId, at: now, kind, outcome }).execute();
}

/** Payments still waiting that were started before `before` (the expiry job closes them). */
export async function staleWaitingPayments(db: Kysely<Database>, before: Date): Promise<string[]> {
  const rows = await db.selectFrom('payments').select('id').where('status', '=', 'wait').where('created_at', '<', before).limit(500).execute();
  return rows.map((row) => row.id);
}

/** A gateway's payments still waiting that were started before `before`, oldest first (the polling job asks about them). */
export async function waitingPaymentsOf(db: Kysely<Database>, paymentSystem: PaymentsTable['payment_system'], before: Date, limit = 100): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('status', '=', 'wait').where('payment_system', '=', paymentSystem).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
}

/** How many payments there are in each status (for /metrics). */
export async function paymentCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('payments').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** A paid payment by its receipt link. */
export function paymentByReceipt(db: Kysely<Database>, hash: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('receipt_hash', '=', hash).where('status', '=', 'success').executeTakeFirst();
}
