import type { Transaction } from 'kysely';
import type { Platform } from '../../src/lib/platform.ts';
import type { AppDeps } from '../appDeps.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/apiError.ts';
import { accountByEmail, readUser } from './accountStore.ts';
import { consumeToken, tokenProblemMessage } from './mailTokens.ts';
import { mergeAnonymousInto } from './mergeUsers.ts';
import { createSession, revokeSessions } from './sessions.ts';

/** The auth data of a new session (spec §3), as POST /login answers it. */
export type SignedIn = { userId: number; session: string; rand: string; salt: string };

/** What a sign-in needs from the app. */
type SignInDeps = Pick<AppDeps, 'db' | 'clock' | 'caches'>;

/**
 * Opens a session for the account, in the caller's transaction. When the device was used
 * anonymously (`deviceUserId`), that user's documents, searches and payments move to the account
 * and its sessions end.
 */
export async function openAccountSession(
  deps: SignInDeps,
  tx: Transaction<Database>,
  accountId: number,
  deviceUserId: number | undefined,
  platform: Platform,
): Promise<SignedIn> {
  const now = deps.clock();
  if (deviceUserId !== undefined && (await mergeAnonymousInto(tx, deviceUserId, accountId))) {
    await revokeSessions(tx, deps.caches, { userId: deviceUserId, tokenHash: '', which: 'all' }, now);
  }
  const account = await readUser(tx, accountId);
  if (account === undefined) throw new ApiError(401, 'Аккаунт не найден');
  const { session, rand } = await createSession(tx, accountId, now, platform);
  return { userId: accountId, session, rand, salt: account.salt };
}

/**
 * Signs in with a mailed link: registration (confirms the address on the user that registered, or
 * signs in to the account that took the address meanwhile), sign-in, or a new address. Single use.
 */
export async function signInWithToken(deps: SignInDeps, token: string, deviceUserId: number | undefined, platform: Platform): Promise<SignedIn> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (tx) => {
    const used = await consumeToken(tx, token, ['register', 'login', 'email'], now);
    if ('problem' in used) throw new ApiError(used.problem === 'unknown' ? 400 : 410, tokenProblemMessage(used.problem, 'login'));
    let accountId = used.user_id;
    const owner = await accountByEmail(tx, used.email);
    if (used.purpose === 'email') {
      if (owner !== undefined && owner.id !== used.user_id) throw new ApiError(409, 'Этот e-mail уже занят другим аккаунтом');
      await tx.updateTable('users').set({ email: used.email, email_confirmed_at: now }).where('id', '=', used.user_id).execute();
    } else if (used.purpose === 'register') {
      if (owner !== undefined) {
        // The address became an account after this link was sent: sign in there, bring this device's data.
        accountId = owner.id;
        if (await mergeAnonymousInto(tx, used.user_id, owner.id)) {
          await revokeSessions(tx, deps.caches, { userId: used.user_id, tokenHash: '', which: 'all' }, now);
        }
      } else {
        const user = await readUser(tx, used.user_id);
        if (user !== undefined && user.email === null) {
          await tx
            .updateTable('users')
            .set({ email: used.email, email_confirmed_at: now, ...(used.is_legal_entity ? { user_type: 3 } : {}) })
            .where('id', '=', used.user_id)
            .execute();
          // Sessions opened while the user was anonymous may be anyone's who registered this address: end them.
          await revokeSessions(tx, deps.caches, { userId: used.user_id, tokenHash: '', which: 'all' }, now);
        }
      }
    } else {
      await tx.updateTable('users').set({ email_confirmed_at: now }).where('id', '=', used.user_id).where('email_confirmed_at', 'is', null).execute();
    }
    return openAccountSession(deps, tx, accountId, deviceUserId, platform);
  });
}
