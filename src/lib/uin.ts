import { digitsOf, weightedSum } from './checksum.ts';
import { toText } from './text.ts';

// УИН (уникальный идентификатор начисления) of ГИС ГМП, used as the number of a traffic ruling:
// 20 digits (e.g. ГИБДД rulings, 188…) or 25 digits. Check digit (the ГИС ГМП algorithm published
// by the Федеральное казначейство; the tests check it against real ГИБДД ruling numbers): digits are
// weighted 1, 2, …, 10, 1, 2, … from the left; the sum mod 11 is the check digit when below 10;
// on 10 the sum is taken again with the weights shifted by two (3, 4, …, 10, 1, 2, …); a second
// 10 gives 0.

/** The first-pass weights 1..10 repeating, or shifted by `shift`. */
function uinWeights(length: number, shift: number): number[] {
  return Array.from({ length }, (_, i) => ((i + shift) % 10) + 1);
}

/** The remainder of the first pass (weights 1..10); 10 means the second pass decides. */
export function uinFirstRemainder(body: string): number {
  const digits = digitsOf(body, [19, 24], 'УИН body');
  return weightedSum(digits, uinWeights(digits.length, 0)) % 11;
}

/** The check digit for the first 19 (or 24) digits of a УИН; throws RangeError on any other body. */
export function uinCheckDigit(body: string): number {
  const first = uinFirstRemainder(body);
  if (first < 10) return first;
  const digits = Array.from(body, Number);
  const second = weightedSum(digits, uinWeights(digits.length, 2)) % 11;
  return second < 10 ? second : 0;
}

/** A full valid 20- or 25-digit УИН from its 19- or 24-digit body. */
export function withUinCheckDigit(body: string): string {
  return body + String(uinCheckDigit(body));
}

/** Whether the value (already normalised) is a 20- or 25-digit УИН with a correct check digit; never throws. */
export function isValidUin(value: unknown): boolean {
  const uin = toText(value);
  if (!/^(\d{20}|\d{25})$/.test(uin)) return false;
  return uinCheckDigit(uin.slice(0, -1)) === Number(uin.slice(-1));
}
