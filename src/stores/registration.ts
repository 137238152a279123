import { ApiReplyError } from '../api/errors.ts';
import { createUser, fetchClientId } from '../api/identity.ts';
import type { Credentials } from '../api/structs/credentials.ts';
import { $authRecord, credentialsOf, setAuthRecord } from './authData.ts';

/** Spec §9: registration makes at most 3 attempts… */
export const REGISTRATION_ATTEMPTS = 3;
/** …4 s apart. */
export const REGISTRATION_RETRY_MS = 4_000;
/** The channel the site registers users with (spec §7: "fine" on the fines host). */
export const REGISTRATION_CHANNEL = 'fine';

/** A first vehicle to register with: СТС number and the plate with region ('А123ВС77'). */
export type FirstVehicle = { sts: string; plate: string };

/** Waits; a separate function so tests can run it with fake timers. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether another attempt could change the answer: a field the server rejects will be rejected again. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof ApiReplyError) || error.status >= 500 || error.status === 429 || error.status === 408;
}

/**
 * Registers an anonymous user (spec §4: GET client, then POST newuser, retried up to 3 times 4 s
 * apart until the status is ok) and stores its auth data; resolves to the session params. A clientId
 * the server no longer knows is replaced before the next attempt.
 */
export async function registerUser(vehicle?: FirstVehicle, consentVersion?: string): Promise<Credentials> {
  let clientId = $authRecord.get().clientId;
  let lastError: unknown;
  for (let attempt = 1; attempt <= REGISTRATION_ATTEMPTS; attempt++) {
    if (attempt > 1) await pause(REGISTRATION_RETRY_MS);
    try {
      if (clientId === '') clientId = await fetchClientId();
      const user = await createUser({ clientId, channel: REGISTRATION_CHANNEL, ...(vehicle ?? {}), ...(consentVersion === undefined ? {} : { consentVersion }) });
      const record = { clientId, userId: String(user.userId), session: user.session, rand: user.rand, salt: user.salt };
      setAuthRecord(record);
      const credentials = credentialsOf(record);
      if (credentials === undefined) throw new ApiReplyError(500, 'Сервер не выдал данные входа');
      return credentials;
    } catch (error) {
      lastError = error;
      if (error instanceof ApiReplyError && error.status === 422 && /clientId/.test(error.errorDesc)) clientId = '';
      else if (!worthRetrying(error)) throw error;
    }
  }
  throw lastError;
}

let pending: Promise<Credentials> | undefined;

/**
 * The visitor's session params, registering first when there are none; concurrent callers share one
 * registration. `consentVersion`: the search form's consent the visitor gave, recorded with the new user.
 */
export async function ensureUser(vehicle?: FirstVehicle, consentVersion?: string): Promise<Credentials> {
  const existing = credentialsOf($authRecord.get());
  if (existing !== undefined) return existing;
  pending ??= registerUser(vehicle, consentVersion).finally(() => {
    pending = undefined;
  });
  return pending;
}
