import { randomBytes, randomUUID } from 'node:crypto';
import type { Platform } from '../../../src/lib/platform.ts';
import { CONSENT_PURPOSE } from '../../../src/lib/consent.ts';
import type { AppDeps } from '../../appDeps.ts';
import { recordConsent } from '../../privacy/consents.ts';
import { revokeSessions } from '../sessions.ts';
import { openAccountSession } from '../signIn.ts';
import type { SignedIn } from '../signIn.ts';
import { isAccountUser, ownerOfPhone } from './phoneStore.ts';

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
    let accountId: number;
    const device = request.deviceUserId;
    if (device !== undefined && !(await isAccountUser(tx, device))) {
      accountId = device;
      // Sessions opened while the user was anonymous end: the account is this device's from now on.
      await revokeSessions(tx, deps.caches, { userId: device, tokenHash: '', which: 'all' }, now);
    } else {
      const clientId = randomUUID();
      await tx.insertInto('clients').values({ id: clientId, created_at: now }).execute();
      const user = await tx.insertInto('users').values({ client_id: clientId, channel: 'phone', salt: randomBytes(16).toString('hex'), created_at: now }).returning('id').executeTakeFirstOrThrow();
      accountId = user.id;
    }
    await tx.insertInto('user_phones').values({ phone: request.phone, user_id: accountId, confirmed_at: now }).execute();
    if (request.isLegalEntity) await tx.updateTable('users').set({ user_type: 3 }).where('id', '=', accountId).execute();
    if (request.consentVersion !== undefined) await recordConsent(tx, accountId, CONSENT_PURPOSE, request.consentVersion, now);
    return { ...(await openAccountSession(deps, tx, accountId, undefined, request.platform)), created: true };
  });
}
