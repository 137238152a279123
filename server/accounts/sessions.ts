import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Platform } from '../../src/lib/platform.ts';
import type { Database } from '../db/schema.ts';
import { hashToken } from '../http/auth.ts';
import type { ApiCaches } from '../http/caches.ts';

/** A new session's secret parts, as the client stores them (spec §3). */
export type NewSession = { session: string; rand: string };

/** Opens a session for the user: a 256-bit token (only its hash is stored) and a 128-bit rand. */
export async function createSession(db: Kysely<Database> | Transaction<Database>, userId: number, now: Date, platform: Platform = 'web'): Promise<NewSession> {
  const session = randomBytes(32).toString('hex');
  const rand = randomBytes(16).toString('hex');
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(session), user_id: userId, rand, created_at: now, last_used_at: now, revoked_at: null, platform })
    .execute();
  return { session, rand };
}

/** Which of the user's sessions to revoke: this one, all but this one, or all. */
export type Revocation = { userId: number; tokenHash: string; which: 'this' | 'others' | 'all' };

/** Revokes sessions and forgets them in this process's cache; answers how many were live. */
export async function revokeSessions(db: Kysely<Database> | Transaction<Database>, caches: ApiCaches | undefined, revocation: Revocation, now: Date): Promise<number> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', revocation.userId).where('revoked_at', 'is', null);
  if (revocation.which === 'this') query = query.where('token_hash', '=', revocation.tokenHash);
  if (revocation.which === 'others') query = query.where('token_hash', '<>', revocation.tokenHash);
  const revoked = await query.returning('token_hash').execute();
  for (const row of revoked) caches?.sessions.delete(row.token_hash);
  return revoked.length;
}
