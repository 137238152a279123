import { ApiReplyError } from '../api/errors.ts';
import type { Credentials } from '../api/structs/credentials.ts';
import { clearAuthRecord } from './authData.ts';
import { $account, markSessionExpired } from './auth/accountState.ts';
import { ensureUser } from './registration.ts';
import type { FirstVehicle } from './registration.ts';

/**
 * Runs a call with the visitor's session params, registering first when there are none. When the
 * server no longer knows the stored session (401), an anonymous visitor's record is cleared and the
 * call is made once more with a new anonymous user; an account's session is marked expired instead
 * (spec §4), so the person signs in again rather than losing sight of their documents.
 */
export async function withSession<T>(call: (auth: Credentials) => Promise<T>, vehicle?: FirstVehicle, consentVersion?: string): Promise<T> {
  const auth = await ensureUser(vehicle, consentVersion);
  try {
    return await call(auth);
  } catch (error) {
    if (!(error instanceof ApiReplyError) || error.status !== 401) throw error;
    if ($account.get().isWebUser) {
      markSessionExpired();
      throw error;
    }
    clearAuthRecord();
    return call(await ensureUser(vehicle, consentVersion));
  }
}

/** Whether the error says the stored session is not valid any more. */
export function isSessionError(error: unknown): boolean {
  return error instanceof ApiReplyError && error.status === 401;
}
