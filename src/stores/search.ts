import { map } from 'nanostores';
import { userMessage } from '../api/userMessage.ts';
import { siteEvents } from './siteEvents.ts';
import { finesUrl } from './finesTarget.ts';
import type { FinesTarget } from './finesTarget.ts';
import { fieldError, tabFields } from './searchFields.ts';
import type { SearchField, SearchTab } from './searchFields.ts';
import { resolveSearch } from './searchFlow.ts';
import type { SearchValues } from './searchFlow.ts';
import { TRACKING_FORMS } from '../lib/trackingNames.ts';
import { checkOfSearch, rememberCheck, searchOfCheck } from './recentChecks.ts';
import type { RecentCheck } from './recentChecks.ts';

/** The search form's state: the open tab, what was typed, the messages, and whether a search runs. */
export type SearchState = {
  tab: SearchTab;
  values: SearchValues;
  /** Messages shown next to their fields. */
  errors: Partial<Record<SearchField, string>>;
  busy: boolean;
  /** A message about the search as a whole (the server's answer), '' when there is none. */
  formError: string;
  /** The СТС tab asks for the plate too: the СТС is not in the visitor's list yet. */
  stsNeedsPlate: boolean;
};

/** How a submit ended: go to the list, fix a field, read the form's message, or fill in the plate. */
export type SearchOutcome =
  | { kind: 'navigate'; url: string; target: FinesTarget }
  | { kind: 'invalid'; field: SearchField }
  | { kind: 'needsPlate' }
  | { kind: 'failed'; message: string }
  | { kind: 'busy' };

/** The name the form is reported under in the submitted-form event (one of the known names, src/lib/trackingNames.ts). */
export const SEARCH_FORM_NAME = TRACKING_FORMS.fineSearch;

const EMPTY_VALUES: SearchValues = { plateNumber: '', plateRegion: '', stsNumber: '', driverLicense: '', car: '', uin: '' };

/** The search form. */
export const $search = map<SearchState>({
  tab: 'plateSts',
  values: { ...EMPTY_VALUES },
  errors: {},
  busy: false,
  formError: '',
  stsNeedsPlate: false,
});

/** Puts the form in its first state on a page: the tab the page promises and, optionally, values (from /fines/'s query). */
export function resetSearch(tab: SearchTab, values: Partial<SearchValues> = {}): void {
  $search.set({ tab, values: { ...EMPTY_VALUES, ...values }, errors: {}, busy: false, formError: '', stsNeedsPlate: false });
}

/** Opens a tab; what was typed stays (a plate typed on one tab is there on the other). */
export function selectTab(tab: SearchTab): void {
  if ($search.get().tab === tab) return;
  $search.set({ ...$search.get(), tab, errors: {}, formError: '' });
}

/** Keeps what was typed; a field that shows a message is checked again, so the message goes as soon as the value is right. */
export function setField(field: SearchField, value: string): void {
  const state = $search.get();
  const errors = { ...state.errors };
  if (errors[field] !== undefined) {
    const message = fieldError(field, value);
    if (message === undefined) delete errors[field];
    else errors[field] = message;
  }
  $search.set({ ...state, values: { ...state.values, [field]: value }, errors });
}

/** Checks a field when the visitor leaves it, unless it is still empty (no scolding for a field not yet typed in). */
export function leaveField(field: SearchField): void {
  const state = $search.get();
  const value = state.values[field];
  if (value.trim() === '') return;
  const message = fieldError(field, value);
  const errors = { ...state.errors };
  if (message === undefined) delete errors[field];
  else errors[field] = message;
  $search.set({ ...state, errors });
}

/** Checks every field of the open tab; returns the first invalid one. */
export function validateSearch(): SearchField | undefined {
  const state = $search.get();
  const errors: Partial<Record<SearchField, string>> = {};
  let first: SearchField | undefined;
  for (const field of tabFields(state.tab, state.stsNeedsPlate)) {
    const message = fieldError(field, state.values[field]);
    if (message === undefined) continue;
    errors[field] = message;
    first ??= field;
  }
  $search.set({ ...state, errors, formError: '' });
  return first;
}

/**
 * Runs the search: checks the fields with the domain validators, reports the submitted form (the tab
 * only: document numbers are personal data), resolves the documents and returns where to go. Busy
 * stays on after success, while the page is left.
 */
export async function submitSearch(): Promise<SearchOutcome> {
  if ($search.get().busy) return { kind: 'busy' };
  const invalid = validateSearch();
  if (invalid !== undefined) return { kind: 'invalid', field: invalid };
  const { tab, values, stsNeedsPlate } = $search.get();
  siteEvents.emit('submittedForm', { formName: SEARCH_FORM_NAME, formData: { tab } });
  $search.setKey('busy', true);
  try {
    const resolution = await resolveSearch(tab, values, stsNeedsPlate);
    if (resolution.kind === 'needsPlate') {
      $search.set({ ...$search.get(), busy: false, stsNeedsPlate: true });
      return { kind: 'needsPlate' };
    }
    // «Недавние проверки»: this browser remembers the document, locally only (src/stores/recentChecks.ts).
    const check = checkOfSearch(tab, values, resolution.target);
    if (check !== undefined) rememberCheck(check);
    return { kind: 'navigate', url: finesUrl(resolution.target), target: resolution.target };
  } catch (error) {
    const message = userMessage(error);
    $search.set({ ...$search.get(), busy: false, formError: message });
    return { kind: 'failed', message };
  }
}

/** Ends the busy state (the page was not left after all, e.g. the list is shown on the same page). */
export function finishSearch(): void {
  $search.setKey('busy', false);
}

/** Searches a document of «Недавние проверки» again: its tab and values in the form, then the search. */
export function runRecentCheck(check: RecentCheck): Promise<SearchOutcome> {
  if ($search.get().busy) return Promise.resolve({ kind: 'busy' });
  const { tab, values } = searchOfCheck(check);
  resetSearch(tab, values);
  return submitSearch();
}
