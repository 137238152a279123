import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PushTarget } from './push.ts';

/**
 * Browsers an account keeps subscribed. Subscribing one more drops the oldest instead of refusing:
 * browsers make a new subscription on reinstall or when the old one expires, and the old one stays
 * here until a push to it is answered 410, so refusing would cut off the browser actually in use.
 */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/**
 * Keeps a browser's push subscription for the user (a known endpoint moves to this user and becomes
 * their newest) and drops the user's oldest beyond MAX_PUSH_SUBSCRIPTIONS; answers its id.
 */
export async function savePushSubscription(db: Kysely<Database>, userId: number, target: PushTarget, now: Date): Promise<number> {
  return db.transaction().execute(async (tx) => {
    // One subscribe per account at a time: two at once could otherwise both keep an eleventh.
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const row = await tx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth, created_at: now })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: target.p256dh, auth: target.auth, created_at: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const newest = tx.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', newest).execute();
    return row.id;
  });
}

/** Forgets the user's subscription with this endpoint; answers how many were removed (0 or 1). */
export async function removePushSubscription(db: Kysely<Database>, userId: number, endpoint: string): Promise<number> {
  const deleted = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
