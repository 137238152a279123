import { normalizePlateNumber, normalizePlateRegion } from './normalize.ts';

// Russian registration plates (ГОСТ Р 50577-2018). Only the 12 Cyrillic letters that have Latin
// twins are used: А В Е К М Н О Р С Т У Х. The number field of the site is the plate without its
// region; spec §5 gives its shape as 2 letters or digits, 2 digits, then 1–2 letters or digits,
// which covers the common types: type 1 А123ВС (cars), type 1А / 20 АВ123 (taxi), type 2 АВ1234
// (trailers), type 3/4 1234АВ (tractors, motorcycles), police А1234.

/** The 12 letters allowed on Russian plates. */
export const PLATE_LETTERS = 'АВЕКМНОРСТУХ';

/** Spec §5 shape, restricted to the plate alphabet. */
const PLATE_SHAPE = /^[0-9АВЕКМНОРСТУХ]{2}\d{2}[0-9АВЕКМНОРСТУХ]{1,2}$/;

/** Type 1 (ГОСТ Р 50577, the ordinary car plate): letter, three digits, two letters. */
const TYPE_1 = /^[АВЕКМНОРСТУХ](\d{3})[АВЕКМНОРСТУХ]{2}$/;

/**
 * Whether the value is a plate number without region: spec §5 shape over the plate alphabet (Latin
 * look-alikes accepted), at least one letter (every civilian series has one), and not the number 000
 * on a type-1 plate, which ГОСТ does not issue.
 */
export function isValidPlateNumber(value: unknown): boolean {
  const plate = normalizePlateNumber(value);
  if (!PLATE_SHAPE.test(plate) || !/[АВЕКМНОРСТУХ]/.test(plate)) return false;
  return TYPE_1.exec(plate)?.[1] !== '000';
}

/** Whether the value is a region code: 2 or 3 digits (77, 777, 01), but not all zeros. */
export function isValidPlateRegion(value: unknown): boolean {
  const region = normalizePlateRegion(value);
  return /^\d{2,3}$/.test(region) && !/^0+$/.test(region);
}
