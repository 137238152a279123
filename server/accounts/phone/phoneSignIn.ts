import type { Platform } from '../../../src/lib/platform.ts';
import { CONSENT_PURPOSE } from '../../../src/lib/consent.ts';
import type { AppDeps } from '../../appDeps.ts';
import { recordConsent } from '../../privacy/consents.ts';
import { newAccountFor } from '../newAccount.ts';
import { openAccountSession } from '../signIn.ts';
import type { SignedIn } from '../signIn.ts';
import { ownerOfPhone } from './phoneStore.ts';

/** What a sign-in by phone brings besides the number: the device, the platform, and a new account's choices. */
export type PhoneSignIn = { phone: string; deviceUserId: number | undefined; platform: Platform; isLegalEntity: boolean; consentVersion: string | undefined };

/**
 * Signs in by a phone whose code was just taken: the phone's account, or a new one. The code was typed
 * on this device, as a password would be, so an anonymous device's documents and payments join the
 * account (openAccountSession). A new number makes the device's anonymous user the account; a device
 * already in another account gets a new account, never that one (a phone is added only from the profile).
 */
export async function signInByPhone(deps: Pick<AppDeps, 'db' | 'clock' | 'caches'>, request: PhoneSignIn): Promise<SignedIn & { created: boolean }> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (tx) => {
    const owner = await ownerOfPhone(tx, request.phone);
    if (owner !== undefined) return { ...(await openAccountSession(deps, tx, owner, request.deviceUserId, request.platform)), created: false };
    const accountId = await newAccountFor(deps, tx, request.deviceUserId, 'phone', now);
    await tx.insertInto('user_phones').values({ phone: request.phone, user_id: accountId, confirmed_at: now }).execute();
    if (request.isLegalEntity) await tx.updateTable('users').set({ user_type: 3 }).where('id', '=', accountId).execute();
    if (request.consentVersion !== undefined) await recordConsent(tx, accountId, CONSENT_PURPOSE, request.consentVersion, now);
    return { ...(await openAccountSession(deps, tx, accountId, undefined, request.platform)), created: true };
  });
}
