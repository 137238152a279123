import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newVerifier } from './provider.ts';
import type { OAuthProviderId } from './provider.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a flow is for: signing in, linking to the signed-in account, or proving the account's person before its erasure. */
export type FlowPurpose = 'login' | 'link' | 'erase';

/** A flow lives 10 minutes: long enough to consent, short enough that a stolen state is stale. */
export const FLOW_LIFETIME_MS = 10 * 60_000;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** Starts a flow for the device's user: a 256-bit state (only its hash is kept) and a PKCE verifier. */
export async function startFlow(db: Db, flow: { provider: OAuthProviderId; purpose: FlowPurpose; userId: number }, now: Date): Promise<{ state: string; verifier: string }> {
  const state = randomBytes(32).toString('base64url');
  const verifier = newVerifier();
  await db
    .insertInto('oauth_flows')
    .values({ state_hash: hashOf(state), provider: flow.provider, code_verifier: verifier, purpose: flow.purpose, user_id: flow.userId, created_at: now, expires_at: new Date(now.getTime() + FLOW_LIFETIME_MS) })
    .execute();
  return { state, verifier };
}

/** Takes the flow of this state, once: only for the provider and the device (user) that started it, before it expires. */
export async function takeFlow(db: Db, provider: OAuthProviderId, state: string, userId: number, now: Date): Promise<{ verifier: string; purpose: FlowPurpose } | undefined> {
  const row = await db
    .updateTable('oauth_flows')
    .set({ used_at: now })
    .where('state_hash', '=', hashOf(state))
    .where('provider', '=', provider)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['code_verifier', 'purpose'])
    .executeTakeFirst();
  return row === undefined ? undefined : { verifier: row.code_verifier, purpose: row.purpose === 'link' || row.purpose === 'erase' ? row.purpose : 'login' };
}

/** The account a provider's person is linked to, if any. */
export async function identityOwner(db: Db, provider: OAuthProviderId, subject: string): Promise<number | undefined> {
  return (await db.selectFrom('user_identities').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst())?.user_id;
}

/** The account's linked providers, for the profile and the export. */
export function identitiesOf(db: Db, userId: number) {
  return db.selectFrom('user_identities').select(['provider', 'email', 'name', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}

/** How long a provider's confirmation of an erasure holds: a fresh round-trip, not a sign-in of an hour ago. */
export const ERASE_PROOF_MS = 5 * 60_000;

/** Marks the 'erase' flow of this state as come back with the account's own person (the erasure takes it later). */
export async function proveErasure(db: Db, state: string, userId: number, now: Date): Promise<void> {
  await db.updateTable('oauth_flows').set({ proven_at: now }).where('state_hash', '=', hashOf(state)).where('user_id', '=', userId).where('purpose', '=', 'erase').execute();
}

/** The provider whose fresh confirmation of the account's erasure holds now, if any. */
export async function erasureProof(db: Db, userId: number, now: Date): Promise<OAuthProviderId | undefined> {
  const row = await db
    .selectFrom('oauth_flows')
    .select('provider')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'erase')
    .where('proven_at', '>', new Date(now.getTime() - ERASE_PROOF_MS))
    .orderBy('proven_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.provider === 'yandex' || row?.provider === 'vk' ? row.provider : undefined;
}

/** Takes the account's fresh confirmations of erasure, once: true when one was there. */
export async function takeErasureProof(db: Db, userId: number, now: Date): Promise<boolean> {
  const taken = await db
    .updateTable('oauth_flows')
    .set({ proven_at: null })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'erase')
    .where('proven_at', '>', new Date(now.getTime() - ERASE_PROOF_MS))
    .returning('provider')
    .execute();
  return taken.length > 0;
}
