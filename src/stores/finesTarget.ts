import { validators } from '../lib/validators.ts';
import { normalizeUin, normalizeVin } from '../lib/normalize.ts';
import { parseCarId } from '../api/structs/carId.ts';

// What /fines/ shows is named by its query string, so a result can be reloaded, bookmarked and
// reached by the search form without JavaScript. Session params never appear here.

/** A fine list to show: by a document of the user's profile (its id), by a car, or by a ruling number. */
export type FinesTarget =
  | { by: 'sts'; id: number }
  | { by: 'dl'; id: number }
  | { by: 'car'; car: string }
  | { by: 'uin'; uin: string };

/** The path of the list page. */
export const FINES_PATH = '/fines/';

/** The /fines/ address of a target: '/fines/?sts=12', '/fines/?car=XTA…', '/fines/?uin=188…'. */
export function finesUrl(target: FinesTarget): string {
  const params = new URLSearchParams();
  if (target.by === 'car') params.set('car', target.car);
  else if (target.by === 'uin') params.set('uin', target.uin);
  else params.set(target.by, String(target.id));
  return `${FINES_PATH}?${params.toString()}`;
}

/** A positive id written as digits, or undefined. */
function readId(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

/** The target a /fines/ query names (`sts`, `dl`, `car`, `uin`), or undefined when it names none validly. */
export function targetFromQuery(params: URLSearchParams): FinesTarget | undefined {
  const sts = readId(params.get('sts'));
  if (sts !== undefined) return { by: 'sts', id: sts };
  const dl = readId(params.get('dl'));
  if (dl !== undefined) return { by: 'dl', id: dl };
  const uin = params.get('uin');
  if (uin !== null && validators.uin(uin) === undefined) return { by: 'uin', uin: normalizeUin(uin) };
  const car = params.get('car');
  if (car !== null) {
    const key = parseCarId(car);
    if (key?.kind === 'vin') return { by: 'car', car: normalizeVin(key.vin) };
    if (key?.kind === 'plate') return { by: 'car', car: `${key.plateNumber}${key.plateRegion}` };
  }
  return undefined;
}
