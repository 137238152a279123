import { atom, computed } from 'nanostores';
import { displayName } from '../../lib/names.ts';
import { $credentials } from '../authData.ts';
import { loadAccount } from '../auth/account.ts';
import { $accountStatus } from '../auth/account.ts';
import { notify, notifyError } from '../notices.ts';
import { $documents, $documentsLoad, ensureDocuments } from './documents.ts';
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

/** The profile's sections, in the order of its tabs (issue 24, item 9). */
export const PROFILE_SECTIONS = ['fines', 'documents', 'settings'] as const;
/** One section of the profile. */
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** The tabs' captions. */
export const SECTION_TITLES: Record<ProfileSection, string> = {
  fines: 'Штрафы',
  documents: 'Документы',
  settings: 'Уведомления и настройки',
};

/** The section open on /profile/ (its address says it: /profile/#documents). */
export const $profileSection = atom<ProfileSection>('fines');

/** The section an address's hash names ('#documents'); the fines for any other. */
export function sectionFromHash(hash: string): ProfileSection {
  const name = hash.replace(/^#/, '');
  return PROFILE_SECTIONS.find((section) => section === name) ?? 'fines';
}

/** Opens a section. */
export function openSection(section: ProfileSection): void {
  $profileSection.set(section);
}

/** The section before or after the open one (arrow keys on the tabs), wrapping around. */
export function neighbourSection(step: 1 | -1): ProfileSection {
  const index = PROFILE_SECTIONS.indexOf($profileSection.get());
  return PROFILE_SECTIONS[(index + step + PROFILE_SECTIONS.length) % PROFILE_SECTIONS.length] ?? 'fines';
}

/** What the fines section shows: the documents are being fetched, the first step of a profile without documents, or the list. */
export type FinesSectionView = 'loading' | 'start' | 'list';

/**
 * A new profile starts with one clear action (issue 24, item 9): while it holds no document there is
 * nothing to list, so instead of filters full of zeros it asks for a car or a licence.
 */
export const $finesSectionView = computed([$documents, $documentsLoad], (lists, load): FinesSectionView => {
  const empty = lists.transport.length === 0 && lists.driverLicense.length === 0 && lists.inn.length === 0;
  if (!empty) return 'list';
  // Never fetched yet: wait for the lists before deciding (a cache of an old session was cleared on sign-out).
  if (lists.documentsExpiration === 0 && load.error === '') return 'loading';
  return 'start';
});
