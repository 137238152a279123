import { coerce, define, object, string } from 'superstruct';
import type { Struct } from 'superstruct';
import { validators } from '../../lib/validators.ts';
import { normalizePlateNumber, normalizePlateRegion, normalizeVin } from '../../lib/normalize.ts';

/** A vehicle as typed in a search: a plate with its region, or a VIN. */
export type CarKey = { kind: 'plate'; plateNumber: string; plateRegion: string } | { kind: 'vin'; vin: string };

/** Reads "А123ВС77" / "а 123 вс 777" (plate and region) or a 17-character VIN; undefined when it is neither. */
export function parseCarId(input: string): CarKey | undefined {
  const compact = input.replace(/[\s-]/g, '');
  if (compact.length === 17) {
    const vin = normalizeVin(compact);
    if (validators.vin(vin) === undefined) return { kind: 'vin', vin };
  }
  for (const regionLength of [3, 2]) {
    if (compact.length <= regionLength) continue;
    const plateNumber = normalizePlateNumber(compact.slice(0, -regionLength));
    const plateRegion = normalizePlateRegion(compact.slice(-regionLength));
    if (validators.plateNumber(plateNumber) === undefined && validators.plateRegion(plateRegion) === undefined) {
      return { kind: 'plate', plateNumber, plateRegion };
    }
  }
  return undefined;
}

/**
 * Whether a value is a car key whose parts pass the document rules: only what parseCarId makes. An
 * object sent in a JSON body (`{"kind": "plate", "plateNumber": …}`) is checked the same way, so no
 * unchecked text becomes a stored plate (issue 17 item 2).
 */
function isValidCarKey(value: unknown): value is CarKey {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const key = value as Record<string, unknown>;
  if (key['kind'] === 'vin') return Object.keys(key).length === 2 && typeof key['vin'] === 'string' && validators.vin(key['vin']) === undefined && normalizeVin(key['vin']) === key['vin'];
  if (key['kind'] !== 'plate' || Object.keys(key).length !== 3) return false;
  const { plateNumber, plateRegion } = key;
  return (
    typeof plateNumber === 'string' &&
    typeof plateRegion === 'string' &&
    validators.plateNumber(plateNumber) === undefined &&
    validators.plateRegion(plateRegion) === undefined &&
    normalizePlateNumber(plateNumber) === plateNumber &&
    normalizePlateRegion(plateRegion) === plateRegion
  );
}

/** A car search key (path segment of `fineList/by/car/{id}` or the `plate` of newuser), parsed into its parts. */
export const CarId: Struct<CarKey, null> = coerce(define<CarKey>('car', isValidCarKey), string(), (value) => parseCarId(value) ?? value);

/** `fineList/by/car/{car}` path parameter. */
export const CarQuery = object({ car: CarId });
