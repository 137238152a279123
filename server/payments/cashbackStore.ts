import type { Kysely } from 'kysely';
import { cashbackOpen } from '../../src/lib/cashback.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/apiError.ts';
import type { PaymentRow } from './paymentStore.ts';

/**
 * Stores the payer's cashback request for a paid payment: only a paid one, within the programme's
 * days, once (the payment id is the key, so two at once cannot both be stored).
 */
export async function requestCashback(db: Kysely<Database>, payment: PaymentRow, input: { email: string; description: string }, now: Date): Promise<Date> {
  if (payment.status !== 'success' || payment.finished_at === null) throw new ApiError(409, 'Кешбэк можно запросить только по оплаченному платежу');
  if (!cashbackOpen(payment.finished_at, now)) throw new ApiError(409, 'Заявку на кешбэк нужно подать не позднее 30 дней со дня оплаты');
  const row = await db
    .insertInto('cashback_requests')
    .values({ payment_id: payment.id, user_id: payment.user_id, email: input.email, description: input.description, created_at: now })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returning('created_at')
    .executeTakeFirst();
  if (row === undefined) throw new ApiError(409, 'По этому платежу заявка на кешбэк уже подана');
  return row.created_at;
}

/** When the payer asked for cashback on this payment, if they did. */
export async function cashbackRequestedAt(db: Kysely<Database>, paymentId: string): Promise<Date | undefined> {
  return (await db.selectFrom('cashback_requests').select('created_at').where('payment_id', '=', paymentId).executeTakeFirst())?.created_at;
}
