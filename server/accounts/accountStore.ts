import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { displayName } from '../../src/lib/names.ts';
import type { AccountReply } from '../../src/api/structs/account.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { formatPhone } from '../../src/lib/mobilePhone.ts';
import { isAccountUser, phoneOf } from './phone/phoneStore.ts';

/** A user row as read. */
export type UserRow = Selectable<UsersTable>;

/** Any database handle: the pool or a transaction. */
type Db = Kysely<Database> | Transaction<Database>;

/** The user by id (undefined when it does not exist). */
export function readUser(db: Db, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** Changes fields of a user (notification choice, password hash, account type, preload start). */
export async function updateUser(db: Db, userId: number, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** The e-mail a user asked to change to and has not confirmed yet (the newest link still valid), or null. */
export async function pendingEmailOf(db: Db, userId: number, now: Date): Promise<string | null> {
  const pending = await db
    .selectFrom('auth_tokens')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return pending?.email ?? null;
}

/** Whether the user has an ИНН among their documents. */
export async function hasInn(db: Db, userId: number): Promise<boolean> {
  return (await db.selectFrom('inns').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

/** The account that has this (normalised) e-mail, if any. */
export function accountByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Whether the user is an account (spec §3 isWebUser): it has a confirmed e-mail. */
export function isAccount(user: Pick<UserRow, 'email'>): boolean {
  return user.email !== null;
}

/** The user's name from their documents (spec §3: vehicles first, then licences). */
export async function userDisplayName(db: Db, userId: number): Promise<string | null> {
  const licences = await db
    .selectFrom('driver_licenses')
    .select(['surname', 'name', 'patronymic'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return displayName({ transport: [], driverLicenses: licences }) ?? null;
}

/** The reply of GET /user. */
export async function toAccountReply(db: Db, user: UserRow): Promise<AccountReply> {
  const phone = await phoneOf(db, user.id);
  return {
    userId: user.id,
    email: user.email,
    phone: phone === null ? null : formatPhone(phone),
    userType: user.user_type,
    isWebUser: isAccount(user) || (await isAccountUser(db, user.id)),
    name: await userDisplayName(db, user.id),
    doNotify: user.do_notify,
    hasPassword: user.password_hash !== null,
    channel: user.channel,
    createdAt: user.created_at.toISOString(),
  };
}
