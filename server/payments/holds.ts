import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PaymentsTable } from '../db/schema.ts';
import { ApiError } from '../http/apiError.ts';

// A running payment holds its fines (a unique index over the held items), so one fine is never in two
// running payments. Issue 24: the hold must never lock its own payer out. It ends when the gateway
// answers, when the payer cancels or starts the same fines again, and at the latest after the hold's
// length (PAYMENT_HOLD_MINUTES, the gateways' own session length) without an answer.

type Db = Kysely<Database> | Transaction<Database>;
type PaymentRow = Selectable<PaymentsTable>;

/** Whole minutes of a hold, for the texts. */
export const holdMinutes = (holdMs: number) => Math.round(holdMs / 60_000);

/** Why a payment closed at its hold's end: the error page shows it. */
export function expiredReason(holdMs: number): string {
  return `Платёжная система не подтвердила оплату за ${holdMinutes(holdMs)} мин: платёж закрыт, деньги не списаны или будут возвращены`;
}

/** Why a payment closed because its payer started the same fines again. */
export const REPLACED_REASON = 'Платёж отменён: вы начали оплату этих штрафов заново';

/** When a payment started at `createdAt` stops holding its fines. */
export function holdEndsAt(createdAt: Date, holdMs: number): Date {
  return new Date(createdAt.getTime() + holdMs);
}

/** Whether a waiting payment has outlived its hold at `now`. */
export function holdIsOver(payment: Pick<PaymentRow, 'status' | 'created_at'>, now: Date, holdMs: number): boolean {
  return payment.status === 'wait' && holdEndsAt(payment.created_at, holdMs).getTime() <= now.getTime();
}

/**
 * Closes a waiting payment unpaid inside `tx` and frees its items; records why. Answers false when it
 * was no longer waiting (the gateway's answer came first).
 */
async function closeIn(tx: Transaction<Database>, id: string, status: 'error' | 'cancelled', reason: string, event: string, now: Date): Promise<boolean> {
  const changed = await tx.updateTable('payments').set({ status, error_desc: reason, finished_at: now }).where('id', '=', id).where('status', '=', 'wait').returning('id').executeTakeFirst();
  if (changed === undefined) return false;
  await tx.updateTable('payment_items').set({ holds: false }).where('payment_id', '=', id).execute();
  await tx.insertInto('payment_events').values({ payment_id: id, at: now, kind: event, outcome: status }).execute();
  return true;
}

/** What a new payment is about to hold, and for whom. */
export type HoldRequest = { userId: number; fineIds: readonly number[]; taxIds: readonly number[]; now: Date; holdMs: number; recipient: 'fines' | 'taxes' };

/**
 * Frees what a payment about to start will hold, inside its own transaction (so the cancel and the new
 * payment happen together or not at all): a holder past its hold is closed as expired, the payer's own
 * unfinished payment is cancelled (starting again replaces it), another user's running payment refuses
 * the new one with 409. A holder paid meanwhile refuses it too: the fine is paid.
 */
export async function releaseHoldsFor(tx: Transaction<Database>, request: HoldRequest): Promise<void> {
  const { fineIds, taxIds, now, holdMs } = request;
  if (fineIds.length === 0 && taxIds.length === 0) return;
  const holders = await tx
    .selectFrom('payment_items')
    .innerJoin('payments', 'payments.id', 'payment_items.payment_id')
    .select(['payments.id', 'payments.user_id', 'payments.status', 'payments.created_at'])
    .where('payment_items.holds', '=', true)
    .where((eb) => eb.or([...(fineIds.length > 0 ? [eb('payment_items.fine_id', 'in', fineIds)] : []), ...(taxIds.length > 0 ? [eb('payment_items.tax_id', 'in', taxIds)] : [])]))
    .distinct()
    .execute();
  const what = request.recipient === 'taxes' ? 'налог' : 'штраф';
  for (const holder of holders) {
    const expired = holdIsOver(holder, now, holdMs);
    if (!expired && holder.user_id !== request.userId) {
      const left = Math.max(1, Math.ceil((holdEndsAt(holder.created_at, holdMs).getTime() - now.getTime()) / 60_000));
      throw new ApiError(409, `Этот ${what} уже оплачивается в другом платеже: дождитесь его результата. Если банк не подтвердит оплату, ${what} освободится не позже чем через ${left} мин`);
    }
    const closed = expired ? await closeIn(tx, holder.id, 'error', expiredReason(holdMs), 'expire', now) : await closeIn(tx, holder.id, 'cancelled', REPLACED_REASON, 'replace', now);
    if (!closed) {
      const current = await tx.selectFrom('payments').select('status').where('id', '=', holder.id).executeTakeFirstOrThrow();
      if (current.status === 'success') throw new ApiError(409, `Этот ${what} уже оплачен: обновите страницу`);
    }
  }
}

/** Closes the payment if it has outlived its hold (a read of its state, or the quote, finds it so); answers the row as it is now. */
export async function expireIfDue(db: Kysely<Database>, payment: PaymentRow, now: Date, holdMs: number): Promise<PaymentRow> {
  if (!holdIsOver(payment, now, holdMs)) return payment;
  await db.transaction().execute((tx) => closeIn(tx, payment.id, 'error', expiredReason(holdMs), 'expire', now));
  return (await db.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirst()) ?? payment;
}

/** Closes one waiting payment past its hold (the expiry job); answers whether it closed it. */
export function expirePayment(db: Kysely<Database>, id: string, now: Date, holdMs: number): Promise<boolean> {
  return db.transaction().execute((tx) => closeIn(tx, id, 'error', expiredReason(holdMs), 'expire', now));
}

/** The user's payments still waiting within their hold, newest first, with the fines and taxes each holds. */
export async function unfinishedPayments(db: Db, userId: number, now: Date, holdMs: number): Promise<{ payment: PaymentRow; items: { fineId: number | null; taxId: number | null; uin: string }[] }[]> {
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'wait')
    .where('created_at', '>', new Date(now.getTime() - holdMs))
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  if (payments.length === 0) return [];
  const items = await db.selectFrom('payment_items').select(['payment_id', 'fine_id', 'tax_id', 'uin']).where('payment_id', 'in', payments.map((p) => p.id)).where('holds', '=', true).orderBy('id').execute();
  return payments.map((payment) => ({
    payment,
    items: items.filter((item) => item.payment_id === payment.id).map((item) => ({ fineId: item.fine_id, taxId: item.tax_id, uin: item.uin })),
  }));
}
