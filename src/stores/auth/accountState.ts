import { persistentAtom } from '@nanostores/persistent';

/** Spec §3 profile state kept locally (who the user is; documents live in their own store). */
export type AccountState = {
  userId: string;
  email: string;
  /** The account's confirmed phone, '+7 916 123-45-67', or '' (issue 29). */
  phone: string;
  /** Spec §3 isWebUser: the stored session belongs to an account (a confirmed e-mail or phone). */
  isWebUser: boolean;
  /** Spec §4: the server no longer accepts the stored session. */
  sessionExpired: boolean;
  name: string;
  userType: number;
  hasPassword: boolean;
  doNotify: boolean;
  /** Spec §3 gender: the site never asks for it; kept empty for the shape. */
  gender: string;
};

/** Nobody signed in. */
export const EMPTY_ACCOUNT: AccountState = Object.freeze({
  userId: '',
  email: '',
  phone: '',
  isWebUser: false,
  sessionExpired: false,
  name: '',
  userType: -1,
  hasPassword: false,
  doNotify: true,
  gender: '',
});

/** Reads the stored JSON, filling what is missing; unreadable text is nobody. */
export function decodeAccount(text: string): AccountState {
  try {
    const value = JSON.parse(text) as Partial<AccountState>;
    return { ...EMPTY_ACCOUNT, ...(typeof value === 'object' && value !== null ? value : {}) };
  } catch {
    return { ...EMPTY_ACCOUNT };
  }
}

/**
 * The account as the site last knew it (local storage `profile`). Kept apart from the account's
 * actions so that the search pages, which only need to know whether a session is an account's,
 * do not load them.
 */
export const $account = persistentAtom<AccountState>('profile', { ...EMPTY_ACCOUNT }, { encode: JSON.stringify, decode: decodeAccount });

/** Spec §4: a response that refuses the session marks it expired (an account then signs in again). */
export function markSessionExpired(): void {
  if ($account.get().isWebUser) $account.set({ ...$account.get(), sessionExpired: true });
  else $account.set({ ...EMPTY_ACCOUNT });
}
