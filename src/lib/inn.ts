import { digitsOf, weightedSum } from './checksum.ts';
import { toText } from './text.ts';

// ИНН check digits (the ФНС algorithm, the one every accounting system implements):
// each check digit is Σ digit × weight mod 11, then mod 10 (a remainder of 10 gives 0).
// 10-digit ИНН of an organisation: one check digit over the first 9 digits.
// 12-digit ИНН of a person: the 11th digit over the first 10, the 12th over the first 11.

/** Weights of the 10th digit of an organisation's ИНН. */
const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
/** Weights of the 11th digit of a person's ИНН. */
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
/** Weights of the 12th digit of a person's ИНН. */
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;

/** The raw remainders Σ digit × weight mod 11 behind each check digit (10 and 0 both give check digit 0). */
export function innRemainders(body: string): number[] {
  const digits = digitsOf(body, [9, 10], 'ИНН body');
  if (digits.length === 9) return [weightedSum(digits, W10) % 11];
  const r11 = weightedSum(digits, W11) % 11;
  const r12 = weightedSum([...digits, r11 % 10], W12) % 11;
  return [r11, r12];
}

/** The check digits for a 9-digit body (one digit) or a 10-digit body (two digits); throws RangeError otherwise. */
export function innCheckDigits(body: string): string {
  return innRemainders(body)
    .map((r) => String(r % 10))
    .join('');
}

/** A full valid ИНН from its body: 9 digits → 10-digit organisation ИНН, 10 digits → 12-digit personal ИНН. */
export function withInnCheckDigits(body: string): string {
  return body + innCheckDigits(body);
}

/** Whether the value (already normalised) is a 10- or 12-digit ИНН with correct check digits; never throws. */
export function isValidInn(value: unknown): boolean {
  const inn = toText(value);
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const bodyLength = inn.length === 10 ? 9 : 10;
  return innCheckDigits(inn.slice(0, bodyLength)) === inn.slice(bodyLength);
}
