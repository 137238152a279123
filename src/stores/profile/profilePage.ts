import { atom, computed } from 'nanostores';
import { displayName } from '../../lib/names.ts';
import { $credentials } from '../authData.ts';
import { loadAccount } from '../auth/account.ts';
import { $accountStatus } from '../auth/account.ts';
import { notify, notifyError } from '../notices.ts';
import { $documents, ensureDocuments } from './documents.ts';
import { loadOrdinances } from './ordinances.ts';
import { $preloaded, PreloadError, preloadTaxes } from './preload.ts';

/** What /profile/ shows: checking the session, the cabinet, or leaving for /auth/ (with where to come back). */
export type ProfileView = { kind: 'checking' } | { kind: 'cabinet' } | { kind: 'leaving'; to: string };

/** Spec §3: the user's name from the first document with a full name, vehicles first, then licences; '' when none has one. */
export const $profileName = computed($documents, (lists) => displayName({ transport: lists.transport, driverLicenses: lists.driverLicense }) ?? '');

/** The /profile/ page's view. */
export const $profileView = atom<ProfileView>({ kind: 'checking' });

/**
 * Opens /profile/: checks the session (spec §4), sends a visitor who is not signed in to /auth/ and
 * back, loads the documents when their cache has expired, and prepares the tax list of an account
 * with an ИНН once (spec §4 Preload), then shows what it found.
 */
export async function openProfile(): Promise<void> {
  try {
    await loadAccount();
  } catch (error) {
    notifyError(error);
  }
  const status = $accountStatus.get();
  if (status !== 'signedIn') {
    $profileView.set({ kind: 'leaving', to: `/auth/?back=${encodeURIComponent('/profile/')}${status === 'expired' ? '&expired=1' : ''}` });
    return;
  }
  $profileView.set({ kind: 'cabinet' });
  await ensureDocuments();
  const userId = $credentials.get()?.userId ?? '';
  if ($documents.get().inn.length > 0 && !$preloaded.get().includes(userId)) {
    try {
      await preloadTaxes();
      await loadOrdinances();
    } catch (error) {
      // Spec §8: the preload's own text ('Ошибка запроса' or the server's errorDesc) is what the visitor reads.
      if (error instanceof PreloadError) notify('error', error.message);
      else notifyError(error);
    }
  }
}
