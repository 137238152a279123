import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../http/apiError.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The account's confirmed phone ('79…'), or null. */
export async function phoneOf(db: Db, userId: number): Promise<string | null> {
  return (await db.selectFrom('user_phones').select('phone').where('user_id', '=', userId).executeTakeFirst())?.phone ?? null;
}

/** The account the phone belongs to, if any. */
export async function ownerOfPhone(db: Db, phone: string): Promise<number | undefined> {
  return (await db.selectFrom('user_phones').select('user_id').where('phone', '=', phone).executeTakeFirst())?.user_id;
}

/** Whether the user can sign in some way (a confirmed e-mail, a phone, a provider): an account, not an anonymous device. */
export async function isAccountUser(db: Db, userId: number): Promise<boolean> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (user === undefined) return false;
  if (user.email !== null || (await phoneOf(db, userId)) !== null) return true;
  return (await db.selectFrom('user_identities').select('provider').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

/** The ways the account can sign in, for "the last way cannot be removed": an e-mail, a phone, linked providers. */
export async function signInWays(db: Db, userId: number): Promise<{ email: boolean; phone: boolean; providers: string[] }> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  const providers = (await db.selectFrom('user_identities').select('provider').where('user_id', '=', userId).execute()).map((row) => row.provider);
  return { email: user?.email != null, phone: (await phoneOf(db, userId)) !== null, providers };
}

/** The message when a number is another account's. */
export const PHONE_TAKEN = 'Этот номер уже привязан к другому аккаунту';

/** Adds (or replaces) the account's phone; 409 when the number is another account's. */
export async function linkPhone(db: Kysely<Database>, userId: number, phone: string, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const owner = await ownerOfPhone(tx, phone);
    if (owner === userId) return;
    if (owner !== undefined) throw new ApiError(409, PHONE_TAKEN);
    await tx.deleteFrom('user_phones').where('user_id', '=', userId).execute();
    await tx.insertInto('user_phones').values({ phone, user_id: userId, confirmed_at: now }).execute();
  });
}

/** Removes the account's phone, unless it is the only way left to sign in (409). */
export async function unlinkPhone(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const ways = await signInWays(tx, userId);
    if (!ways.phone) return;
    if (!ways.email && ways.providers.length === 0) throw new ApiError(409, 'Это единственный способ входа. Сначала добавьте e-mail, потом отвяжите номер');
    await tx.deleteFrom('user_phones').where('user_id', '=', userId).execute();
  });
}
