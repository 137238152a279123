import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Records that a user gave a consent, with the version of the text they saw and when. */
export async function recordConsent(db: Kysely<Database> | Transaction<Database>, userId: number, purpose: string, version: string, now: Date): Promise<void> {
  await db.insertInto('consents').values({ user_id: userId, purpose, version, given_at: now }).execute();
}

/** A user's consents, oldest first. */
export function consentsOf(db: Kysely<Database> | Transaction<Database>, userId: number) {
  return db.selectFrom('consents').select(['purpose', 'version', 'given_at']).where('user_id', '=', userId).orderBy('id').execute();
}
