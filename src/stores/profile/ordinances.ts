import { computed, map, onMount } from 'nanostores';
import { fetchOrdinanceSummary, fetchOrdinances } from '../../api/ordinances.ts';
import type { OrdinanceItem, OrdinanceSummaryReply } from '../../api/structs/ordinance.ts';
import { userMessage } from '../../api/userMessage.ts';
import { lastUpdatedLabel } from '../../lib/dates.ts';
import { DEFAULT_SHOW_BY, ORDINANCE_CATEGORIES } from '../../lib/ordinances.ts';
import type { OrdinanceCategory, OrdinanceOrder } from '../../lib/ordinances.ts';
import { $credentials } from '../authData.ts';
import { $now, tick } from '../clock.ts';
import { markSessionExpired, onSignOut } from '../auth/account.ts';
import { isSessionError } from '../session.ts';
import { $documents } from './documents.ts';

/** Spec §9: while the server says isWait, ask again every 2 s. */
export const ORDINANCE_POLL_MS = 2_000;

/** Spec §3 ordinances state, with the page, order and search of the list. */
export type OrdinancesState = {
  isBusy: boolean;
  /** When the list last arrived (ms), 0 before the first. */
  lastUpdatedTimestamp: number;
  /** Spec §3 sortIdentifier: the category shown (default all). */
  sortIdentifier: OrdinanceCategory;
  order: OrdinanceOrder;
  search: string;
  page: number;
  showBy: number;
  items: OrdinanceItem[];
  total: number;
  counts: OrdinanceSummaryReply['counts'] | undefined;
  toPay: number;
  /** The server is still checking some documents: the list is polled. */
  isWait: boolean;
  error: string;
};

/** The list before the first load. */
export const INITIAL_ORDINANCES: OrdinancesState = Object.freeze({
  isBusy: false,
  lastUpdatedTimestamp: 0,
  sortIdentifier: 'all',
  order: 'DEFAULT',
  search: '',
  page: 1,
  showBy: DEFAULT_SHOW_BY,
  items: [],
  total: 0,
  counts: undefined,
  toPay: 0,
  isWait: false,
  error: '',
}) as OrdinancesState;

/** The signed-in user's ordinances on /profile/ and /fines/. */
export const $ordinances = map<OrdinancesState>({ ...INITIAL_ORDINANCES });

/** 'только что' within 60 s of the last update, else its date and time (spec §4). */
export const $ordinancesUpdatedLabel = computed([$ordinances, $now], (state, now) => lastUpdatedLabel(state.lastUpdatedTimestamp, now));

let pollTimer: ReturnType<typeof setTimeout> | undefined;

/** Stops asking again (the page is left, or a new load starts). */
export function stopOrdinancePolling(): void {
  if (pollTimer !== undefined) clearTimeout(pollTimer);
  pollTimer = undefined;
}

/** A reload was asked for while a load was running: it runs when that one ends. */
let reloadAfterBusy = false;

/** Counts clearings: a load that started before the last one answers for the previous user and is dropped. */
let clearings = 0;

/** Spec §4: clearing resets the ordinances to their defaults (and forgets any load still under way). */
export function clearOrdinances(): void {
  clearings++;
  reloadAfterBusy = false;
  stopOrdinancePolling();
  $ordinances.set({ ...INITIAL_ORDINANCES });
}
onSignOut(clearOrdinances);

/** The document numbers the list was built from; a change means documents were added or removed. */
const documentKey = () => {
  const lists = $documents.get();
  return [...lists.transport.map((d) => d.id), '|', ...lists.driverLicense.map((d) => d.id), '|', ...lists.inn.map((d) => d.id)].join(',');
};

// While the list is shown, adding or removing a document loads it again (the new document is then being checked).
onMount($ordinances, () => {
  let seen = documentKey();
  return $documents.listen(() => {
    const now = documentKey();
    if (now === seen) return;
    seen = now;
    if ($ordinances.get().lastUpdatedTimestamp === 0 && !$ordinances.get().isBusy) return;
    if ($ordinances.get().isBusy) reloadAfterBusy = true;
    else void loadOrdinances();
  });
});

/**
 * Loads the page the state asks for, and the counts. Answers false without doing anything when
 * there is no session or a load is running (spec §4); busy is false after any fetch, ok or not.
 * While the server says isWait, the load repeats every 2 s.
 */
export async function loadOrdinances(options: { force?: boolean } = {}): Promise<boolean> {
  const auth = $credentials.get();
  if (auth === undefined || $ordinances.get().isBusy) return false;
  stopOrdinancePolling();
  const started = clearings;
  $ordinances.set({ ...$ordinances.get(), isBusy: true, error: '' });
  try {
    const state = $ordinances.get();
    // The page and the counts are asked together: neither waits for the other.
    const [page, summary] = await Promise.all([
      fetchOrdinances(auth, state.sortIdentifier, {
        page: state.page,
        showBy: state.showBy,
        order: state.order,
        search: state.search,
        isForceRefresh: options.force === true,
      }),
      fetchOrdinanceSummary(auth),
    ]);
    if (started !== clearings) return true;
    const isWait = page.isWait === true || summary.isWait === true;
    $ordinances.set({
      ...$ordinances.get(),
      items: page.items,
      total: page.total,
      counts: summary.counts,
      toPay: summary.toPay,
      isWait,
      lastUpdatedTimestamp: Date.now(),
    });
    tick();
    if (isWait) pollTimer = setTimeout(() => void loadOrdinances(), ORDINANCE_POLL_MS);
  } catch (error) {
    if (started !== clearings) return true;
    if (isSessionError(error)) markSessionExpired();
    $ordinances.set({ ...$ordinances.get(), error: userMessage(error), isWait: false });
  } finally {
    if (started === clearings) $ordinances.setKey('isBusy', false);
  }
  if (reloadAfterBusy) {
    reloadAfterBusy = false;
    void loadOrdinances();
  }
  return true;
}

/** Spec §4 ordinances refresh: every document is checked again; skipped (false) without a session or while busy. */
export function refreshOrdinances(): Promise<boolean> {
  return loadOrdinances({ force: true });
}

/**
 * Loads the list the state now asks for. A load already running answered for the state before the
 * change: this one then runs right after it (answers false, as the skipped load of spec §4 does).
 */
function loadChanged(): Promise<boolean> {
  if ($ordinances.get().isBusy) {
    reloadAfterBusy = true;
    return Promise.resolve(false);
  }
  return loadOrdinances();
}

/** Shows another category from its first page. */
export function chooseCategory(category: OrdinanceCategory): Promise<boolean> {
  $ordinances.set({ ...$ordinances.get(), sortIdentifier: category, page: 1 });
  return loadChanged();
}

/** Sorts the list another way. */
export function chooseOrder(order: OrdinanceOrder): Promise<boolean> {
  $ordinances.set({ ...$ordinances.get(), order, page: 1 });
  return loadChanged();
}

/** Goes to a page of the list. */
export function choosePage(page: number): Promise<boolean> {
  $ordinances.setKey('page', Math.max(1, page));
  return loadChanged();
}

/** Searches within the list from its first page. */
export function searchOrdinances(search: string): Promise<boolean> {
  $ordinances.set({ ...$ordinances.get(), search, page: 1 });
  return loadChanged();
}

/** The unpaid and paid traffic fines of a page of the list, as the pay-selection bar counts them (taxes and debts are paid one by one). */
export function payableFines(items: readonly OrdinanceItem[]): { id: number; amountToPay: number; amountToPayKopecks: number; paid: boolean }[] {
  return items.filter((item) => item.kind === 'fine').map((item) => ({ id: item.ref, amountToPay: item.amountToPay, amountToPayKopecks: item.amountToPayKopecks, paid: item.paid }));
}

/**
 * The category tabs worth showing (issue 24, item 9: no filters full of zeros): «Все», every category
 * with something in it, and the one open now; only «Все» until the counts arrive.
 */
export function shownCategories(counts: OrdinancesState['counts'], selected: OrdinanceCategory): OrdinanceCategory[] {
  return ORDINANCE_CATEGORIES.filter((category) => category === 'all' || category === selected || (counts !== undefined && counts[category] > 0));
}
