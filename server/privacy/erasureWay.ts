import type { Kysely, Transaction } from 'kysely';
import { maskEmail } from '../../src/lib/email.ts';
import { maskPhone } from '../../src/lib/mobilePhone.ts';
import type { Database } from '../db/schema.ts';
import { OAUTH_PROVIDERS } from '../accounts/oauth/provider.ts';
import type { OAuthProviderId } from '../accounts/oauth/provider.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * How the account confirms its erasure: the strongest way it signs in. A confirmed e-mail (a link by
 * mail), else its phone (a code by SMS), else a fresh round-trip through a linked provider this server
 * offers; 'none' when it has none of them (an anonymous device: its data goes by signing out).
 */
export type ErasureWay =
  | { way: 'email'; email: string }
  | { way: 'phone'; phone: string; number: string }
  | { way: 'provider'; providers: OAuthProviderId[] }
  | { way: 'none' };

/** The account's way of confirming its erasure; `offered` are the providers this server can round-trip with. */
export async function erasureWayOf(db: Db, userId: number, offered: readonly OAuthProviderId[]): Promise<ErasureWay> {
  const user = await db.selectFrom('users').select(['email', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirst();
  if (user === undefined) return { way: 'none' };
  if (user.email !== null && user.email_confirmed_at !== null) return { way: 'email', email: maskEmail(user.email) };
  const phone = (await db.selectFrom('user_phones').select('phone').where('user_id', '=', userId).executeTakeFirst())?.phone;
  if (phone !== undefined) return { way: 'phone', phone: maskPhone(phone), number: phone };
  const linked = (await db.selectFrom('user_identities').select('provider').where('user_id', '=', userId).execute()).map((row) => row.provider);
  const providers = OAUTH_PROVIDERS.filter((id) => linked.includes(id) && offered.includes(id));
  return providers.length > 0 ? { way: 'provider', providers } : { way: 'none' };
}
