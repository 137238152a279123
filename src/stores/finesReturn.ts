import { persistentAtom } from '@nanostores/persistent';

// «К штрафам» after a payment (issue 24, item 2) opens the list the payer came from — the same
// document's list, with the paid fines marked — not an empty search form. The last list shown is
// kept in this browser (its address and the fines on it); the payment's page asks for it.

/** The last list of fines shown in this browser: its address and the ids of its fines. */
export type ShownList = { url: string; fineIds: number[] };

/** Where «К штрафам» goes when no list this browser showed holds the paid fines. */
export const FINES_HOME = '/fines/';

/** Most fine ids kept with the list (a list longer than this is a fleet, not a payer's car). */
const MAX_IDS = 200;

/** Reads the stored list; anything unreadable is none. */
export function decodeShownList(stored: string): ShownList | undefined {
  try {
    const value = JSON.parse(stored) as Partial<ShownList> | null;
    if (value === null || typeof value.url !== 'string' || !value.url.startsWith('/') || value.url.startsWith('//') || !Array.isArray(value.fineIds)) return undefined;
    return { url: value.url, fineIds: value.fineIds.filter((id): id is number => Number.isInteger(id) && id > 0).slice(0, MAX_IDS) };
  } catch {
    return undefined;
  }
}

/** The last list shown (local storage `lastFinesList`). */
export const $lastFinesList = persistentAtom<ShownList | undefined>('lastFinesList', undefined, {
  encode: JSON.stringify,
  decode: decodeShownList,
});

/** Remembers a list as it is shown: its address (without a previous `paid` mark) and its fines. */
export function rememberShownList(url: string, fineIds: readonly number[]): void {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.delete('paid');
  const rest = params.toString();
  $lastFinesList.set({ url: rest === '' ? path : `${path}?${rest}`, fineIds: fineIds.slice(0, MAX_IDS) });
}

/**
 * Where «К штрафам» goes after these fines were paid: the last list shown when it holds any of them,
 * with `paid=` naming them so the list marks them; otherwise the fines page.
 */
export function finesReturnHref(paidFineIds: readonly (number | null)[]): string {
  const ids = paidFineIds.filter((id): id is number => id !== null);
  const list = $lastFinesList.get();
  if (list === undefined || !ids.some((id) => list.fineIds.includes(id))) return FINES_HOME;
  const [path = '', query = ''] = list.url.split('?');
  const params = new URLSearchParams(query);
  params.set('paid', ids.join(','));
  return `${path}?${params.toString()}`;
}

/** The last list shown, as it was (after a payment that did not go through): or the fines page. */
export function lastListHref(): string {
  return $lastFinesList.get()?.url ?? FINES_HOME;
}

/** The fine ids a list's address marks as just paid (`paid=1,2`), at most 50. */
export function justPaidFromQuery(query: string): number[] {
  const value = new URLSearchParams(query).get('paid') ?? '';
  return value
    .split(',')
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number)
    .slice(0, 50);
}
