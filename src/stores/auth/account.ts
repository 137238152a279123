import { computed } from 'nanostores';
import { fetchAccount, logout } from '../../api/account.ts';
import { ApiReplyError } from '../../api/errors.ts';
import type { AccountReply } from '../../api/structs/account.ts';
import type { LoginReply } from '../../api/structs/account.ts';
import { signedInCookies, signedOutCookies } from '../../lib/accountCookies.ts';
import { $authRecord, $credentials, EMPTY_AUTH_RECORD, setAuthRecord } from '../authData.ts';
import { $account, EMPTY_ACCOUNT, markSessionExpired } from './accountState.ts';
import type { AccountState } from './accountState.ts';

export { $account, EMPTY_ACCOUNT, decodeAccount, markSessionExpired } from './accountState.ts';
export type { AccountState } from './accountState.ts';

/** Where the visitor stands: signed in, a session that ended, or not an account. */
export const $accountStatus = computed([$account, $credentials], (account, credentials) => {
  if (account.isWebUser && account.sessionExpired) return 'expired' as const;
  if (account.isWebUser && credentials !== undefined) return 'signedIn' as const;
  return 'guest' as const;
});

/** The account from a GET /user reply. */
function fromReply(reply: AccountReply): AccountState {
  return {
    userId: String(reply.userId),
    email: reply.email ?? '',
    phone: reply.phone ?? '',
    isWebUser: reply.isWebUser,
    sessionExpired: false,
    name: reply.name ?? '',
    userType: reply.userType,
    hasPassword: reply.hasPassword,
    doNotify: reply.doNotify === 1,
    gender: '',
  };
}

/** Writes cookie strings (a separate function so tests run without a document). */
function writeCookies(cookies: readonly string[]): void {
  if (typeof document === 'undefined') return;
  for (const cookie of cookies) document.cookie = cookie;
}

/**
 * Spec §4 Session: loads who the stored session belongs to. Success marks the user web (when it is
 * an account) and the session alive; a refused session (401) marks it expired; no session: nobody.
 */
export async function loadAccount(): Promise<AccountState> {
  const auth = $credentials.get();
  if (auth === undefined) {
    if (!$account.get().isWebUser) $account.set({ ...EMPTY_ACCOUNT });
    return $account.get();
  }
  try {
    const account = fromReply(await fetchAccount(auth));
    $account.set(account);
    if (account.isWebUser) writeCookies(signedInCookies(account.userType === 3));
  } catch (error) {
    if (error instanceof ApiReplyError && error.status === 401) markSessionExpired();
    else throw error;
  }
  return $account.get();
}

/** Stores the new session's auth data (spec §3 record of this platform) and loads the account. */
export async function acceptSession(session: LoginReply): Promise<AccountState> {
  const clientId = $authRecord.get().clientId;
  setAuthRecord({ clientId, salt: session.salt, rand: session.rand, userId: String(session.userId), session: session.session });
  return loadAccount();
}

/** Things that keep a user's data in this browser; each registers how to forget it on sign-out. */
const forgetters = new Set<() => void>();

/** Registers how a store forgets the user's data on sign-out (spec §4 Logout: clears local state). */
export function onSignOut(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

/**
 * Spec §4 Logout: asks the server to end this session (or every session), then resets the auth
 * record, clears local state and deletes the isLegalEntity and session-logged cookies. The local part
 * happens even when the server cannot be reached: a shared computer must not stay signed in.
 */
export async function signOut(everywhere = false): Promise<void> {
  const auth = $credentials.get();
  try {
    if (auth !== undefined) await logout(auth, everywhere);
  } catch (error) {
    // An already ended session is what we want; anything else is reported after the local sign-out.
    if (!(error instanceof ApiReplyError && error.status === 401)) {
      forgetLocally();
      throw error;
    }
  }
  forgetLocally();
}

/** The local half of signing out. */
function forgetLocally(): void {
  setAuthRecord({ ...EMPTY_AUTH_RECORD });
  $account.set({ ...EMPTY_ACCOUNT });
  for (const forget of forgetters) forget();
  writeCookies(signedOutCookies());
}
