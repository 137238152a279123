import fc from 'fast-check';

/** A string of exactly `length` ASCII digits. */
export const digitString = (length: number): fc.Arbitrary<string> =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((digits) => digits.join(''));

/** The text with the digit at `position` replaced. */
export function withDigit(text: string, position: number, digit: string): string {
  return text.slice(0, position) + digit + text.slice(position + 1);
}

/** Every single-digit corruption of a number: each position, each other digit. */
export function singleDigitCorruptions(number: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < number.length; i++) {
    for (const digit of '0123456789') if (digit !== number[i]) out.push(withDigit(number, i, digit));
  }
  return out;
}
