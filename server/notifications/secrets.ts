import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/schema.ts';

/** A secret from its setting, or the one every process shares in `app_secrets` (made on first start). */
export async function sharedSecret(db: Kysely<Database>, name: string, fromSetting: string | undefined, make: () => string = () => randomBytes(32).toString('base64url')): Promise<string> {
  if (fromSetting !== undefined && fromSetting !== '') return fromSetting;
  await db.insertInto('app_secrets').values({ name, value: make() }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** VAPID keys for web push (RFC 8292). */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (`npm run vapid` makes a pair),
 * else a pair made once and kept in the database, so every process signs with the same key.
 */
export async function vapidKeys(db: Kysely<Database>, settings: { publicKey?: string | undefined; privateKey?: string | undefined; subject: string }): Promise<VapidKeys> {
  if (settings.publicKey && settings.privateKey) return { publicKey: settings.publicKey, privateKey: settings.privateKey, subject: settings.subject };
  const pair = await sharedSecret(db, 'vapid', undefined, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const { publicKey, privateKey } = JSON.parse(pair) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject: settings.subject };
}
