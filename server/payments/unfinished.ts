import type { Kysely } from 'kysely';
import type { AppDeps } from '../appDeps.ts';
import type { Database } from '../db/schema.ts';
import { expirePayment, unfinishedPayments } from './holds.ts';
import { lastPayer } from './paymentStore.ts';
import { holdMsOf } from './settings.ts';

/**
 * The user's unfinished payments, after closing those of theirs past the hold (the expiry job does it
 * for everyone every minute; doing it here too means the page never offers a payment that is over).
 */
export async function ownUnfinished(deps: AppDeps, userId: number, now: Date): ReturnType<typeof unfinishedPayments> {
  const holdMs = holdMsOf(deps.payments);
  const stale = await deps.db.selectFrom('payments').select('id').where('user_id', '=', userId).where('status', '=', 'wait').where('created_at', '<=', new Date(now.getTime() - holdMs)).execute();
  for (const { id } of stale) await expirePayment(deps.db, id, now, holdMs);
  return unfinishedPayments(deps.db, userId, now, holdMs);
}

/** The payer the checkout starts with: the name and e-mail of the user's last payment, else the account's e-mail; null when neither is known. */
export async function knownPayer(db: Kysely<Database>, userId: number): Promise<{ fio: string; email: string } | null> {
  const last = await lastPayer(db, userId);
  if (last !== undefined) return last;
  const account = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return account?.email == null ? null : { fio: '', email: account.email };
}
