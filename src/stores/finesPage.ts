import { atom } from 'nanostores';
import type { Fine } from '../api/structs/fine.ts';
import { $credentials } from './authData.ts';
import { $account } from './auth/accountState.ts';
import { loadFineList } from './fineList.ts';
import { targetFromQuery } from './finesTarget.ts';
import type { FinesTarget } from './finesTarget.ts';
import { tabOfFields } from './searchFields.ts';
import type { SearchField, SearchTab } from './searchFields.ts';
import type { SearchValues } from './searchFlow.ts';

/** What /fines/ shows: nothing yet (before its script runs), a list, or the search form (to start or to finish a search). */
export type FinesPageMode =
  | { kind: 'starting' }
  | { kind: 'list'; target: FinesTarget }
  | { kind: 'search'; tab: SearchTab; values: Partial<SearchValues>; autoSubmit: boolean }
  /** A signed-in account without a search in the address: its own ordinances (issue 10). */
  | { kind: 'ordinances' };

/** The /fines/ page's mode. */
export const $finesPage = atom<FinesPageMode>({ kind: 'starting' });

const FORM_FIELDS: readonly SearchField[] = ['plateNumber', 'plateRegion', 'stsNumber', 'driverLicense', 'car', 'uin'];

/**
 * Reads the address of /fines/: a list target (`sts`, `dl`, `car`, `uin`) is loaded; the fields of a
 * search form sent before its script ran are searched now; anything else shows the form.
 */
export function openFinesPage(query: string): FinesPageMode {
  const params = new URLSearchParams(query);
  const target = targetFromQuery(params);
  let mode: FinesPageMode;
  if (target !== undefined) {
    mode = { kind: 'list', target };
    void loadFineList(target);
  } else if (tabOfFields(params) === undefined && $account.get().isWebUser && !$account.get().sessionExpired && $credentials.get() !== undefined) {
    mode = { kind: 'ordinances' };
  } else {
    const tab = tabOfFields(params);
    const values: Partial<SearchValues> = {};
    for (const field of FORM_FIELDS) {
      const value = params.get(field);
      if (value !== null) values[field] = value;
    }
    mode = { kind: 'search', tab: tab ?? 'plateSts', values, autoSubmit: tab !== undefined };
  }
  $finesPage.set(mode);
  return mode;
}

/** Shows the search form on /fines/ (after "search again"). */
export function showSearchOnFinesPage(tab: SearchTab = 'plateSts'): void {
  $finesPage.set({ kind: 'search', tab, values: {}, autoSubmit: false });
}

/** Where a fine of the list opens: its page for the visitor's own fines, the public page for a ruling found anonymously by УИН. */
export function fineHref(fine: Fine, target: FinesTarget): string {
  if (target.by === 'uin' && $credentials.get() === undefined) return `/fines/info/${encodeURIComponent(fine.shareHash)}/`;
  return `/fines/${fine.id}/`;
}

/** The list heading's "by what": 'по СТС', 'по VIN XTA…', 'по постановлению 188…'. */
export function targetLabel(target: FinesTarget, fines: readonly Fine[]): string {
  const first = fines[0];
  switch (target.by) {
    case 'sts':
      return first === undefined ? 'по СТС' : `по СТС ${first.identifier}`;
    case 'dl':
      return first === undefined ? 'по водительскому удостоверению' : `по водительскому удостоверению ${first.identifier}`;
    case 'car':
      return target.car.length === 17 ? `по VIN ${target.car}` : `по госномеру ${target.car}`;
    case 'uin':
      return `по постановлению ${target.uin}`;
  }
}
