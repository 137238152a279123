import { decimalMod, digitsOf } from './checksum.ts';
import { toText } from './text.ts';

// ОГРН (13 digits, organisations): the first 12 digits read as a number, mod 11, then mod 10, is
// the 13th digit. ОГРНИП (15 digits, sole traders): the first 14 digits mod 13, then mod 10, is the
// 15th (the structure of the state registration numbers of ЕГРЮЛ and ЕГРИП). We check the
// check digit only, not the meaning of the leading digits (1 or 5 for ОГРН, 3 for ОГРНИП).

/** The raw remainder behind the check digit: body mod 11 (12-digit body) or mod 13 (14-digit body). */
export function ogrnRemainder(body: string): number {
  const digits = digitsOf(body, [12, 14], 'ОГРН body');
  return decimalMod(digits, digits.length === 12 ? 11 : 13);
}

/** The check digit for a 12-digit ОГРН body or a 14-digit ОГРНИП body; throws RangeError otherwise. */
export function ogrnCheckDigit(body: string): number {
  return ogrnRemainder(body) % 10;
}

/** A full valid ОГРН (13 digits) or ОГРНИП (15 digits) from its body. */
export function withOgrnCheckDigit(body: string): string {
  return body + String(ogrnCheckDigit(body));
}

/** Whether the value (already normalised) is a 13-digit ОГРН or 15-digit ОГРНИП with a correct check digit. */
export function isValidOgrn(value: unknown): boolean {
  const ogrn = toText(value);
  if (!/^(\d{13}|\d{15})$/.test(ogrn)) return false;
  return ogrnCheckDigit(ogrn.slice(0, -1)) === Number(ogrn.slice(-1));
}
