import { downloadInBrowser } from '../saveFile.ts';
import type { SaveFile } from '../saveFile.ts';
import { map } from 'nanostores';
import { confirmErase, fetchPersonalData, requestErase } from '../../api/privacy.ts';
import { userMessage } from '../../api/userMessage.ts';
import { requireCredentials } from '../authData.ts';
import { signOut } from '../auth/account.ts';

/** The file name of the export. */
export const EXPORT_FILE_NAME = 'shtrafy-moi-dannye.json';

/** The profile's personal-data panel: the download and the erase request. */
export type PrivacyState = {
  exporting: boolean;
  /** idle → asking (the confirmation is being mailed) → sent (to the masked address). */
  erase: { kind: 'idle' } | { kind: 'asking' } | { kind: 'sent'; email: string };
  error: string;
};

/** The panel's state. */
export const $privacy = map<PrivacyState>({ exporting: false, erase: { kind: 'idle' }, error: '' });

/** How a file reaches the user (re-exported for the privacy panel's tests). */
export type { SaveFile };

/** "Скачать мои данные": everything we hold, as a readable JSON file. */
export async function downloadMyData(save: SaveFile = downloadInBrowser): Promise<void> {
  if ($privacy.get().exporting) return;
  $privacy.set({ ...$privacy.get(), exporting: true, error: '' });
  try {
    const data = await fetchPersonalData(requireCredentials());
    save(EXPORT_FILE_NAME, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    $privacy.setKey('exporting', false);
  } catch (error) {
    $privacy.set({ ...$privacy.get(), exporting: false, error: userMessage(error) });
  }
}

/** "Удалить аккаунт": mails the confirmation link; nothing is erased until it is opened. */
export async function askToErase(): Promise<void> {
  if ($privacy.get().erase.kind === 'asking') return;
  $privacy.set({ ...$privacy.get(), erase: { kind: 'asking' }, error: '' });
  try {
    const { email } = await requestErase(requireCredentials());
    $privacy.setKey('erase', { kind: 'sent', email });
  } catch (error) {
    $privacy.set({ ...$privacy.get(), erase: { kind: 'idle' }, error: userMessage(error) });
  }
}

/** The confirmation page (/profile/erase/): the token from the link, and how the erasure went. */
export type EraseConfirmState = { token: string; kind: 'ready' | 'busy' | 'done' | 'failed' | 'noToken'; error: string };

/** The confirmation page's state. */
export const $eraseConfirm = map<EraseConfirmState>({ token: '', kind: 'noToken', error: '' });

/** Takes the token out of the address (so it stays out of history and Referer) and keeps it in memory. */
export function readEraseToken(location: Pick<Location, 'href'> = window.location, history: Pick<History, 'replaceState' | 'state'> = window.history): void {
  const url = new URL(location.href);
  const token = url.searchParams.get('token') ?? '';
  if (token !== '') {
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  $eraseConfirm.set({ token, kind: /^[A-Za-z0-9_-]{43}$/.test(token) ? 'ready' : 'noToken', error: '' });
}

/** Erases the account for good, then forgets it on this device. */
export async function eraseNow(): Promise<void> {
  const state = $eraseConfirm.get();
  if (state.kind !== 'ready' && state.kind !== 'failed') return;
  $eraseConfirm.set({ ...state, kind: 'busy', error: '' });
  try {
    await confirmErase(state.token);
    $eraseConfirm.set({ token: '', kind: 'done', error: '' });
  } catch (error) {
    $eraseConfirm.set({ ...state, kind: 'failed', error: userMessage(error) });
    return;
  }
  try {
    await signOut(); // the session is already gone on the server; this clears the device
  } catch {
    // nothing left to sign out of
  }
}
