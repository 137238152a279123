import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuthTokensTable, Database } from '../db/schema.ts';

/** What a mailed link does. */
export type TokenPurpose = 'register' | 'login' | 'reset' | 'email' | 'erase';

/** How long each kind of link works (issue 10: sign-in 30 min, reset 1 h; a new address is confirmed within a day). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  register: 30 * 60_000,
  login: 30 * 60_000,
  reset: 60 * 60_000,
  email: 24 * 60 * 60_000,
  erase: 60 * 60_000,
};

/** A stored token row. */
export type TokenRow = Selectable<AuthTokensTable>;

/** SHA-256 of a mailed token: the only form in which it is kept. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a single-use link token (256 bit, URL-safe) and stores its hash. */
export async function issueToken(
  db: Kysely<Database> | Transaction<Database>,
  token: { userId: number; purpose: TokenPurpose; email: string; isLegalEntity?: boolean },
  now: Date,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: tokenHash(secret),
      user_id: token.userId,
      purpose: token.purpose,
      email: token.email,
      is_legal_entity: token.isLegalEntity ?? false,
      created_at: now,
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[token.purpose]),
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return secret;
}

/** Why a link no longer works. */
export type TokenProblem = 'unknown' | 'used' | 'expired' | 'revoked';

/** The Russian message for a link that does not work, with what to do. */
export function tokenProblemMessage(problem: TokenProblem, purpose: 'login' | 'reset'): string {
  const again = purpose === 'reset' ? 'Запросите восстановление пароля ещё раз' : 'Запросите новую ссылку для входа';
  if (problem === 'used') return `Эта ссылка уже использована. ${again}`;
  if (problem === 'expired') return `Срок действия ссылки истёк. ${again}`;
  if (problem === 'revoked') return `Ссылка больше не действует: после того как её отправили, пароль сменили или аккаунт удалили. ${again}`;
  return `Ссылка недействительна. ${again}`;
}

/**
 * Uses a token once: marks it used and returns it, in the caller's transaction, or says why not. Two
 * concurrent uses cannot both succeed (the update is conditional on used_at being empty).
 */
export async function consumeToken(
  tx: Transaction<Database>,
  token: string,
  purposes: readonly TokenPurpose[],
  now: Date,
): Promise<TokenRow | { problem: TokenProblem }> {
  const row = await tx
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (row !== undefined) return row;
  const seen = await tx
    .selectFrom('auth_tokens')
    .select(['used_at', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash(token))
    .where('purpose', 'in', [...purposes])
    .executeTakeFirst();
  if (seen === undefined) return { problem: 'unknown' };
  return { problem: seen.used_at !== null ? 'used' : seen.revoked_at !== null ? 'revoked' : 'expired' };
}

/**
 * Ends every unused link of an account: those issued to its user and those sent to its address for
 * anyone else (a registration asked by another visitor). Called when the password changes or is
 * reset and when the account is erased, so a link read from a mailbox before that opens nothing.
 */
export async function endLinks(tx: Kysely<Database> | Transaction<Database>, account: { userId: number; email: string | null }, now: Date): Promise<number> {
  let query = tx.updateTable('auth_tokens').set({ revoked_at: now }).where('used_at', 'is', null).where('revoked_at', 'is', null);
  query = account.email === null ? query.where('user_id', '=', account.userId) : query.where((eb) => eb.or([eb('user_id', '=', account.userId), eb('email', '=', account.email as string)]));
  const ended = await query.returning('token_hash').execute();
  return ended.length;
}

/**
 * Ends the registration and address links a user asked for other addresses than `email`, once that
 * user has confirmed `email`: such a link would otherwise sign its reader in to this account.
 */
export async function endOtherAddressLinks(tx: Transaction<Database>, userId: number, email: string, now: Date): Promise<void> {
  await tx
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', ['register', 'email'])
    .where('email', '<>', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
