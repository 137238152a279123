import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { mergeAnonymousInto } from './mergeUsers.ts';
import { revokeSessions } from './sessions.ts';
import type { ApiCaches } from '../http/caches.ts';
import { isAccountUser } from './phone/phoneStore.ts';

/** How long a device may take to confirm that its data joins the account (the sign-in link's own lifetime). */
export const MERGE_OFFER_LIFETIME_MS = 30 * 60_000;

/** What a device holds without an account, offered to the account it signed in to, and the token that accepts. */
export type DeviceDataOffer = { documents: number; payments: number; searches: number; mergeToken: string };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Counts an anonymous user's documents, payments and searches; undefined for an account or a user with nothing. */
async function anonymousHoldings(tx: Transaction<Database>, userId: number): Promise<Omit<DeviceDataOffer, 'mergeToken'> | undefined> {
  const user = await tx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (user === undefined || (await isAccountUser(tx, userId))) return undefined;
  const { rows } = await sql<{ documents: string; payments: string; searches: string }>`
    select
      (select count(*) from sts_documents where user_id = ${userId})
        + (select count(*) from driver_licenses where user_id = ${userId})
        + (select count(*) from inns where user_id = ${userId}) as documents,
      (select count(*) from payments where user_id = ${userId}) as payments,
      (select count(*) from search_grants where user_id = ${userId}) as searches`.execute(tx);
  const row = rows[0];
  const holdings = { documents: Number(row?.documents ?? 0), payments: Number(row?.payments ?? 0), searches: Number(row?.searches ?? 0) };
  return holdings.documents + holdings.payments + holdings.searches === 0 ? undefined : holdings;
}

/**
 * A device that was used anonymously signed in to an account by a mailed link. The link may be
 * someone else's (an attacker's own sign-in link), so nothing moves yet: the device is offered to
 * move its data, and only the token in this reply, which only this device received, accepts.
 */
export async function offerDeviceMerge(tx: Transaction<Database>, anonymousId: number, accountId: number, now: Date): Promise<DeviceDataOffer | undefined> {
  if (anonymousId === accountId) return undefined;
  const holdings = await anonymousHoldings(tx, anonymousId);
  if (holdings === undefined) return undefined;
  const mergeToken = randomBytes(32).toString('base64url');
  await tx
    .insertInto('device_merge_offers')
    .values({ token_hash: hashOf(mergeToken), anonymous_id: anonymousId, account_id: accountId, created_at: now, expires_at: new Date(now.getTime() + MERGE_OFFER_LIFETIME_MS), used_at: null })
    .execute();
  return { ...holdings, mergeToken };
}

/**
 * The device confirmed: its anonymous data joins the account the offer was made for, once, within the
 * offer's time, and the anonymous sessions end. Undefined when the token is not this account's live offer.
 */
export async function acceptDeviceMerge(
  db: Kysely<Database>,
  caches: ApiCaches | undefined,
  accountId: number,
  mergeToken: string,
  now: Date,
): Promise<{ merged: boolean } | undefined> {
  return db.transaction().execute(async (tx) => {
    const offer = await tx
      .updateTable('device_merge_offers')
      .set({ used_at: now })
      .where('token_hash', '=', hashOf(mergeToken))
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('anonymous_id')
      .executeTakeFirst();
    if (offer === undefined) return undefined;
    const merged = await mergeAnonymousInto(tx, offer.anonymous_id, accountId);
    if (merged) await revokeSessions(tx, caches, { userId: offer.anonymous_id, tokenHash: '', which: 'all' }, now);
    return { merged };
  });
}
