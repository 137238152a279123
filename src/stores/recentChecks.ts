import { persistentAtom } from '@nanostores/persistent';
import { carLabel, licenceLabel, plateLabel, stsLabel, vinLabel } from '../lib/documentLabels.ts';
import { normalizeDriverLicense, normalizePlateNumber, normalizePlateRegion, normalizeSts, normalizeVin } from '../lib/normalize.ts';
import type { FinesTarget } from './finesTarget.ts';
import type { SearchTab } from './searchFields.ts';
import type { SearchValues } from './searchFlow.ts';

// «Недавние проверки» (issue 24, item 2): the documents this browser searched, so a returning visitor
// checks again with one tap, as the form promises («запомним СТС»). They stay in this browser's local
// storage and are never sent anywhere; the list the search led to is kept beside each, so the list
// page can name the car («А123ВС 77 · СТС 99 41 123456») even before a fine names it.

/** How many documents the form remembers. */
export const RECENT_CHECKS_CAP = 5;

/** A document searched in this browser: a car (СТС, with its plate when it was typed), a licence or a VIN. */
export type RecentCheck =
  | { kind: 'car'; sts: string; plateNumber: string; plateRegion: string; target?: FinesTarget }
  | { kind: 'dl'; driverLicense: string; target?: FinesTarget }
  | { kind: 'vin'; vin: string; target?: FinesTarget };

/** A target read back from storage, or undefined when it is not one. */
function readTarget(value: unknown): FinesTarget | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const t = value as Record<string, unknown>;
  if ((t['by'] === 'sts' || t['by'] === 'dl') && typeof t['id'] === 'number' && Number.isInteger(t['id']) && t['id'] > 0) return { by: t['by'], id: t['id'] };
  if (t['by'] === 'car' && typeof t['car'] === 'string') return { by: 'car', car: t['car'] };
  return undefined;
}

/** A text field of a stored entry, '' when it is not text. */
const text = (entry: Record<string, unknown>, key: string) => (typeof entry[key] === 'string' ? (entry[key] as string).slice(0, 40) : '');

/** One stored entry, checked; undefined for anything else (storage is the visitor's to edit). */
function readCheck(value: unknown): RecentCheck | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  const target = readTarget(entry['target']);
  const withTarget = target === undefined ? {} : { target };
  if (entry['kind'] === 'car' && text(entry, 'sts') !== '') {
    return { kind: 'car', sts: text(entry, 'sts'), plateNumber: text(entry, 'plateNumber'), plateRegion: text(entry, 'plateRegion'), ...withTarget };
  }
  if (entry['kind'] === 'dl' && text(entry, 'driverLicense') !== '') return { kind: 'dl', driverLicense: text(entry, 'driverLicense'), ...withTarget };
  if (entry['kind'] === 'vin' && text(entry, 'vin') !== '') return { kind: 'vin', vin: text(entry, 'vin'), ...withTarget };
  return undefined;
}

/** Reads the stored list; anything unreadable is no list. */
export function decodeRecentChecks(stored: string): RecentCheck[] {
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value.map(readCheck).filter((check): check is RecentCheck => check !== undefined).slice(0, RECENT_CHECKS_CAP);
  } catch {
    return [];
  }
}

/** The documents searched in this browser, newest first (local storage `recentChecks`). */
export const $recentChecks = persistentAtom<RecentCheck[]>('recentChecks', [], { encode: JSON.stringify, decode: decodeRecentChecks });

/** What makes two entries the same document: the СТС, the licence, the VIN. */
export function recentCheckKey(check: RecentCheck): string {
  switch (check.kind) {
    case 'car':
      return `sts:${normalizeSts(check.sts)}`;
    case 'dl':
      return `dl:${normalizeDriverLicense(check.driverLicense)}`;
    case 'vin':
      return `vin:${normalizeVin(check.vin)}`;
  }
}

/** The document as people read it: 'А123ВС 77 · СТС 99 41 123456', 'ВУ 99 12 345678', 'VIN XTA…'. */
export function recentCheckLabel(check: RecentCheck): string {
  switch (check.kind) {
    case 'car':
      return carLabel(plateLabel(check.plateNumber, check.plateRegion), stsLabel(check.sts));
    case 'dl':
      return licenceLabel(check.driverLicense);
    case 'vin':
      return vinLabel(check.vin);
  }
}

/**
 * The entry a search of the form makes (the document normalised as the search sends it), or
 * undefined for a search by ruling number (a ruling is not a document to check again).
 */
export function checkOfSearch(tab: SearchTab, values: SearchValues, target: FinesTarget): RecentCheck | undefined {
  switch (tab) {
    case 'plateSts':
    case 'sts': {
      const sts = normalizeSts(values.stsNumber);
      const plateNumber = normalizePlateNumber(values.plateNumber);
      const plateRegion = normalizePlateRegion(values.plateRegion);
      // The СТС tab alone sends no plate: keep the one remembered with this СТС.
      const known = $recentChecks.get().find((check) => check.kind === 'car' && normalizeSts(check.sts) === sts);
      const plate = plateNumber !== '' ? { plateNumber, plateRegion } : known?.kind === 'car' ? { plateNumber: known.plateNumber, plateRegion: known.plateRegion } : { plateNumber: '', plateRegion: '' };
      return { kind: 'car', sts, ...plate, target };
    }
    case 'driverLicense':
      return { kind: 'dl', driverLicense: normalizeDriverLicense(values.driverLicense), target };
    case 'vin':
      return { kind: 'vin', vin: normalizeVin(values.car), target };
    case 'uin':
      return undefined;
  }
}

/** Puts a document first in the list (once), keeping at most RECENT_CHECKS_CAP. */
export function rememberCheck(check: RecentCheck): void {
  const key = recentCheckKey(check);
  $recentChecks.set([check, ...$recentChecks.get().filter((other) => recentCheckKey(other) !== key)].slice(0, RECENT_CHECKS_CAP));
}

/** Removes a document from the list. */
export function forgetCheck(key: string): void {
  $recentChecks.set($recentChecks.get().filter((check) => recentCheckKey(check) !== key));
}

/** The form's tab and values that search the document again. */
export function searchOfCheck(check: RecentCheck): { tab: SearchTab; values: Partial<SearchValues> } {
  switch (check.kind) {
    case 'car':
      return check.plateNumber === ''
        ? { tab: 'sts', values: { stsNumber: check.sts } }
        : { tab: 'plateSts', values: { stsNumber: check.sts, plateNumber: check.plateNumber, plateRegion: check.plateRegion } };
    case 'dl':
      return { tab: 'driverLicense', values: { driverLicense: check.driverLicense } };
    case 'vin':
      return { tab: 'vin', values: { car: check.vin } };
  }
}

/** The entry whose search led to this list, when this browser made it. */
export function checkOfTarget(target: FinesTarget): RecentCheck | undefined {
  return $recentChecks.get().find((check) => {
    const t = check.target;
    if (t === undefined) return false;
    if (t.by === 'car' && target.by === 'car') return t.car === target.car;
    return (t.by === 'sts' || t.by === 'dl') && t.by === target.by && t.id === target.id;
  });
}
