import type { Transaction } from 'kysely';
import type { Platform } from '../../src/lib/platform.ts';
import type { AppDeps } from '../appDeps.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/apiError.ts';
import { accountByEmail, readUser } from './accountStore.ts';
import { consumeToken, endOtherAddressLinks, tokenProblemMessage } from './mailTokens.ts';
import { offerDeviceMerge } from './deviceMerge.ts';
import type { DeviceDataOffer } from './deviceMerge.ts';
import { mergeAnonymousInto } from './mergeUsers.ts';
import { createSession, revokeSessions } from './sessions.ts';

/** The auth data of a new session (spec §3), as POST /login answers it. */
export type SignedIn = { userId: number; session: string; rand: string; salt: string };

/** What a sign-in needs from the app. */
type SignInDeps = Pick<AppDeps, 'db' | 'clock' | 'caches'>;

/**
 * Opens a session for the account, in the caller's transaction. When the device was used
 * anonymously (`deviceUserId`), that user's documents, searches and payments move to the account
 * and its sessions end: only for a sign-in the person made on this device with the account's own
 * password (a mailed link only offers it, signInWithToken).
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

/** A sign-in by a mailed link: the session, and what the device may move into the account when it confirms. */
export type SignedInByLink = SignedIn & { deviceData?: DeviceDataOffer };

/**
 * Signs in with a mailed link: registration (confirms the address on the user that registered, or
 * signs in to the account that took the address meanwhile), sign-in, or a new address. Single use.
 * Whoever sent the link need not be whoever opens it, so the opening device's anonymous data is only
 * offered (offerDeviceMerge), never moved; nor is the data of the visitor who asked for the link. A
 * registration link of a user that has since confirmed another address opens nothing.
 */
export async function signInWithToken(deps: SignInDeps, token: string, deviceUserId: number | undefined, platform: Platform): Promise<SignedInByLink> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (tx) => {
    const used = await consumeToken(tx, token, ['register', 'login', 'email'], now);
    if ('problem' in used) throw new ApiError(used.problem === 'unknown' ? 400 : 410, tokenProblemMessage(used.problem, 'login'));
    let accountId = used.user_id;
    const owner = await accountByEmail(tx, used.email);
    if (used.purpose === 'email') {
      if (owner !== undefined && owner.id !== used.user_id) throw new ApiError(409, 'Этот e-mail уже занят другим аккаунтом');
      await tx.updateTable('users').set({ email: used.email, email_confirmed_at: now }).where('id', '=', used.user_id).execute();
      await endOtherAddressLinks(tx, used.user_id, used.email, now);
    } else if (used.purpose === 'register') {
      if (owner !== undefined) {
        // The address became an account after this link was sent: its reader owns the mailbox, so sign in there.
        accountId = owner.id;
      } else {
        const user = await readUser(tx, used.user_id);
        if (user === undefined || user.email !== null) throw new ApiError(410, tokenProblemMessage('unknown', 'login'));
        await tx
          .updateTable('users')
          .set({ email: used.email, email_confirmed_at: now, ...(used.is_legal_entity ? { user_type: 3 } : {}) })
          .where('id', '=', used.user_id)
          .execute();
        await endOtherAddressLinks(tx, used.user_id, used.email, now);
        // Sessions opened while the user was anonymous may be anyone's who registered this address: end them.
        await revokeSessions(tx, deps.caches, { userId: used.user_id, tokenHash: '', which: 'all' }, now);
      }
    } else {
      await tx.updateTable('users').set({ email_confirmed_at: now }).where('id', '=', used.user_id).where('email_confirmed_at', 'is', null).execute();
    }
    const signedIn = await openAccountSession(deps, tx, accountId, undefined, platform);
    const deviceData = deviceUserId === undefined ? undefined : await offerDeviceMerge(tx, deviceUserId, accountId, now);
    return deviceData === undefined ? signedIn : { ...signedIn, deviceData };
  });
}
