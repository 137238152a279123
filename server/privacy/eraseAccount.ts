import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { consumeToken, endLinks } from '../accounts/mailTokens.ts';
import type { TokenProblem } from '../accounts/mailTokens.ts';
import { erasePersonalData } from './personalData.ts';
import './sections.ts';

/** What using an erase link did: erased (with the session hashes that ended), or why not. */
export type EraseOutcome = { erased: true; endedSessions: string[] } | { erased: false; problem: TokenProblem };

/** Erases the account inside the caller's transaction; the hashes of the sessions that ended. */
export async function eraseAccountIn(tx: Transaction<Database>, userId: number, now: Date): Promise<string[] | undefined> {
  const user = await tx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (user === undefined) return undefined;
  const endedSessions = (await tx.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).map((s) => s.token_hash);
  // Every link mailed before (sign-in, reset, another erase, a registration of this address) ends with the account.
  await endLinks(tx, { userId: user.id, email: user.email }, now);
  await erasePersonalData(tx, { userId: user.id, email: user.email, now });
  return endedSessions;
}

/** Uses the mailed token and erases its account, all in one transaction (a failure leaves everything as it was). */
export async function eraseAccountByToken(db: Kysely<Database>, token: string, now: Date): Promise<EraseOutcome> {
  return db.transaction().execute(async (tx) => {
    const row = await consumeToken(tx, token, ['erase'], now);
    if ('problem' in row) return { erased: false, problem: row.problem };
    const endedSessions = await eraseAccountIn(tx, row.user_id, now);
    return endedSessions === undefined ? { erased: false, problem: 'unknown' } : { erased: true, endedSessions };
  });
}
