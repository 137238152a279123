import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PushTarget } from './push.ts';

/** Keeps a browser's push subscription for the user (a known endpoint moves to this user); answers its id. */
export async function savePushSubscription(db: Kysely<Database>, userId: number, target: PushTarget, now: Date): Promise<number> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth, created_at: now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: target.p256dh, auth: target.auth }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Forgets the user's subscription with this endpoint; answers how many were removed (0 or 1). */
export async function removePushSubscription(db: Kysely<Database>, userId: number, endpoint: string): Promise<number> {
  const deleted = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
