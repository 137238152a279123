import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newVerifier } from './provider.ts';
import type { OAuthProviderId } from './provider.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A flow lives 10 minutes: long enough to consent, short enough that a stolen state is stale. */
export const FLOW_LIFETIME_MS = 10 * 60_000;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** Starts a flow for the device's user: a 256-bit state (only its hash is kept) and a PKCE verifier. */
export async function startFlow(db: Db, flow: { provider: OAuthProviderId; purpose: 'login' | 'link'; userId: number }, now: Date): Promise<{ state: string; verifier: string }> {
  const state = randomBytes(32).toString('base64url');
  const verifier = newVerifier();
  await db
    .insertInto('oauth_flows')
    .values({ state_hash: hashOf(state), provider: flow.provider, code_verifier: verifier, purpose: flow.purpose, user_id: flow.userId, created_at: now, expires_at: new Date(now.getTime() + FLOW_LIFETIME_MS) })
    .execute();
  return { state, verifier };
}

/** Takes the flow of this state, once: only for the provider and the device (user) that started it, before it expires. */
export async function takeFlow(db: Db, provider: OAuthProviderId, state: string, userId: number, now: Date): Promise<{ verifier: string; purpose: 'login' | 'link' } | undefined> {
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
  return row === undefined ? undefined : { verifier: row.code_verifier, purpose: row.purpose === 'link' ? 'link' : 'login' };
}

/** The account a provider's person is linked to, if any. */
export async function identityOwner(db: Db, provider: OAuthProviderId, subject: string): Promise<number | undefined> {
  return (await db.selectFrom('user_identities').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst())?.user_id;
}

/** The account's linked providers, for the profile and the export. */
export function identitiesOf(db: Db, userId: number) {
  return db.selectFrom('user_identities').select(['provider', 'email', 'name', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}
