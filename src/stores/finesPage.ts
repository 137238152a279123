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
import { carLabel, licenceLabel, plateLabel, stsLabel, vinLabel } from '../lib/documentLabels.ts';
import { checkOfTarget } from './recentChecks.ts';
import { justPaidFromQuery } from './finesReturn.ts';

/** What /fines/ shows: nothing yet (before its script runs), a list, or the search form (to start or to finish a search). */
export type FinesPageMode =
  | { kind: 'starting' }
  /** `justPaid`: the fines the address marks as paid a moment ago (`paid=`, from «К штрафам» after a payment). */
  | { kind: 'list'; target: FinesTarget; justPaid: number[] }
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
    mode = { kind: 'list', target, justPaid: justPaidFromQuery(query) };
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

/** The list's heading: what kind of list (a small line above) and the document as people know it. */
export type FinesTitle = { kicker: string; title: string };

/**
 * The list heading names the car as people know it (issue 24, item 13): «А123ВС 77 · СТС 99 41
 * 123456» — the plate and the СТС from the fines, or, before any fine names them, from the search
 * this browser made («Недавние проверки»); a licence «ВУ 99 12 345678»; a VIN with the plate when a
 * fine shows it; a ruling by its number.
 */
export function finesTitle(target: FinesTarget, fines: readonly Fine[]): FinesTitle {
  const first = fines[0];
  const check = checkOfTarget(target);
  const finePlate = first === undefined ? '' : plateLabel(first.vehiclePlateNumber, first.vehiclePlateRegion);
  switch (target.by) {
    case 'sts': {
      const known = check?.kind === 'car' ? check : undefined;
      const plate = finePlate !== '' ? finePlate : known === undefined ? '' : plateLabel(known.plateNumber, known.plateRegion);
      const sts = first?.identifierType === 'sts' ? first.identifier : (known?.sts ?? '');
      const title = carLabel(plate, sts === '' ? '' : stsLabel(sts));
      return { kicker: 'Штрафы автомобиля', title: title === '' ? 'По СТС' : title };
    }
    case 'dl': {
      const number = first?.identifierType === 'dl' ? first.identifier : check?.kind === 'dl' ? check.driverLicense : '';
      return { kicker: 'Штрафы водителя', title: number === '' ? 'По водительскому удостоверению' : licenceLabel(number) };
    }
    case 'car':
      if (target.car.length === 17) return { kicker: 'Штрафы автомобиля', title: carLabel(finePlate, vinLabel(target.car)) };
      return { kicker: 'Штрафы автомобиля', title: finePlate !== '' ? finePlate : target.car };
    case 'uin':
      return { kicker: 'Поиск по номеру постановления', title: `Постановление № ${target.uin}` };
  }
}
