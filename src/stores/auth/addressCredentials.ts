import { atom } from 'nanostores';
import { logout } from '../../api/account.ts';
import { exchangeHandoff } from '../../api/identityLinks.ts';
import { readAddressCredentials, readAddressHandoff } from '../../lib/addressCredentials.ts';
import type { Platform } from '../../lib/platform.ts';
import { $authData, $platform, credentialsOf, isAuthPresent, setAuthRecord } from '../authData.ts';
import type { AuthRecord } from '../authData.ts';

/**
 * A session a link brought that belongs to another user than the one this browser is signed in as:
 * kept aside until the person chooses, since a link anyone can send must never swap the account
 * silently (the victim would go on adding their documents to the sender's account).
 */
export type PendingSwitch = { record: AuthRecord; platform: Platform; fromHandoff: boolean };

/** The switch waiting for the person's choice (AddressCredentials.astro asks). */
export const $pendingSwitch = atom<PendingSwitch | undefined>(undefined);

/** What went wrong with the address's handoff code, for the page to say (webview pages have no toasts). */
export const $handoffProblem = atom<string | undefined>(undefined);

let adoption: Promise<void> = Promise.resolve();

/** Stores a link's session when nothing else is there or it is the same user's; otherwise asks first. */
function offer(record: AuthRecord, platform: Platform, fromHandoff: boolean): void {
  $platform.set(platform);
  const present = $authData.get()[platform];
  if (!isAuthPresent(present) || present.userId === record.userId) {
    setAuthRecord({ ...record, clientId: record.clientId || present.clientId }, platform);
    return;
  }
  $pendingSwitch.set({ record, platform, fromHandoff });
}

/** Takes the credentials or the handoff code out of the address, and settles whose session the page uses. */
async function adopt(location: Location, history: History): Promise<void> {
  const url = new URL(location.href);
  const found = readAddressCredentials(url);
  if (found === undefined) return;
  const handoff = readAddressHandoff(url);
  // Out of the address bar before anything else: no history entry, bookmark or Referer keeps them.
  history.replaceState(history.state, '', found.cleanedPath);
  if (handoff !== undefined) {
    try {
      const session = await exchangeHandoff(handoff);
      offer({ clientId: '', salt: session.salt, rand: session.rand, userId: String(session.userId), session: session.session }, session.platform, true);
    } catch {
      $handoffProblem.set('Ссылка устарела или уже открыта. Откройте страницу из приложения ещё раз');
    }
    return;
  }
  if (found.record !== undefined && 'platform' in found) offer(found.record, found.platform, false);
}

/**
 * On a webview page: adopts the session the app or partner gave in the address — a one-time
 * `?handoff=` code exchanged by POST, or (older apps) `session`, `rand`, `userId` — for its platform,
 * and removes it from the address bar. A session of another user than the one present is not stored
 * but waits in $pendingSwitch for the person's choice. Every caller gets the same promise, so islands
 * can wait for the exchange whichever script runs first.
 */
export function adoptAddressCredentials(location: Location = window.location, history: History = window.history): Promise<void> {
  if (readAddressCredentials(new URL(location.href)) !== undefined) adoption = adopt(location, history);
  return adoption;
}

/** The person chose the link's account: its session replaces the present one. */
export function acceptPendingSwitch(): boolean {
  const pending = $pendingSwitch.get();
  if (pending === undefined) return false;
  setAuthRecord(pending.record, pending.platform);
  $pendingSwitch.set(undefined);
  return true;
}

/** The person stays in their own account; a session opened for the link's code is ended. */
export async function declinePendingSwitch(): Promise<void> {
  const pending = $pendingSwitch.get();
  if (pending === undefined) return;
  $pendingSwitch.set(undefined);
  const credentials = credentialsOf(pending.record);
  // A raw session from an old app's address is that app's own: ending it would sign the app out.
  if (pending.fromHandoff && credentials !== undefined) await logout(credentials, false).catch(() => undefined);
}
