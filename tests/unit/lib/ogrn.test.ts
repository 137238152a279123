import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidOgrn, ogrnCheckDigit, ogrnRemainder, withOgrnCheckDigit } from '../../../src/lib/ogrn.ts';
import { validators } from '../../../src/lib/validators.ts';
import { digitString, singleDigitCorruptions, withDigit } from './checksumHelpers.ts';

/** Independent reference with BigInt: body mod 11 (ОГРН) or mod 13 (ОГРНИП), then mod 10. */
function referenceOgrnValid(ogrn: string): boolean {
  const modulus = ogrn.length === 13 ? 11n : 13n;
  return (BigInt(ogrn.slice(0, -1)) % modulus) % 10n === BigInt(ogrn.slice(-1));
}

describe('published ОГРН / ОГРНИП are valid', () => {
  it.each([
    ['ПАО Сбербанк', '1027700132195'],
    ['ПАО «Газпром»', '1027700070518'],
    ['ООО «Яндекс»', '1027700229193'],
    ['ОАО «РЖД»', '1037739877295'],
    ['ПАО «Лукойл»', '1027700035769'],
    ['Банк ВТБ (ПАО)', '1027739609391'],
    ['ПАО «МТС»', '1027700149124'],
    ['ПАО «Ростелеком»', '1027700198767'],
    ['Управление Роспотребнадзора по Санкт-Петербургу', '1057810212503'],
    ['ОГРНИП (ФНС sample)', '304500116000157'],
  ])('%s: %s', (_holder, ogrn) => {
    expect(referenceOgrnValid(ogrn)).toBe(true);
    expect(isValidOgrn(ogrn)).toBe(true);
    expect(validators.ogrn(ogrn)).toBeUndefined();
  });
});

describe('invalid ОГРН / ОГРНИП', () => {
  it.each([
    ['changed check digit', '1027700132196', 'Некорректный ОГРН'],
    ['changed first digit', '2027700132195', 'Некорректный ОГРН'],
    ['changed middle digit', '1027700133195', 'Некорректный ОГРН'],
    ['ОГРНИП with changed check digit', '304500116000158', 'Некорректный ОГРНИП'],
    ['12 digits', '102770013219', 'Некорректный ОГРН'],
    ['14 digits', '10277001321950', 'Некорректный ОГРН'],
    ['16 digits', '3045001160001570', 'Некорректный ОГРН'],
    ['letters', '10277OO132195', 'Некорректный ОГРН'],
    ['empty', '', 'Некорректный ОГРН'],
  ])('%s: %s', (_what, ogrn, message) => {
    expect(isValidOgrn(ogrn)).toBe(false);
    expect(validators.ogrn(ogrn)).toBe(message);
  });

  it('refuses a body of the wrong length', () => {
    expect(() => ogrnCheckDigit('123')).toThrow(RangeError);
  });
});

describe('ОГРН properties', () => {
  const body = fc.oneof(digitString(12), digitString(14));
  /** Remainders that give the same check digit: 10 ~ 0 (mod 11); 10 ~ 0, 11 ~ 1, 12 ~ 2 (mod 13). */
  const sameDigit = (a: number, b: number) => a !== b && a % 10 === b % 10;

  it('every generated ОГРН / ОГРНИП with its check digit passes, and agrees with the reference', () => {
    fc.assert(
      fc.property(body, (b) => {
        const ogrn = withOgrnCheckDigit(b);
        expect(referenceOgrnValid(ogrn)).toBe(true);
        expect(isValidOgrn(ogrn)).toBe(true);
      }),
    );
  });

  it('a single changed digit fails whenever the remainder is 3..9 (no folding possible)', () => {
    const safeBody = body.filter((b) => ogrnRemainder(b) >= 3 && ogrnRemainder(b) <= 9);
    fc.assert(
      fc.property(safeBody, (b) => {
        for (const corrupted of singleDigitCorruptions(withOgrnCheckDigit(b))) {
          expect(isValidOgrn(corrupted)).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('any single changed digit fails, except where two remainders fold onto one check digit', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (b, at, delta) => {
        const ogrn = withOgrnCheckDigit(b);
        const position = at % ogrn.length;
        const corrupted = withDigit(ogrn, position, String((Number(ogrn[position]) + delta) % 10));
        if (isValidOgrn(corrupted)) {
          expect(sameDigit(ogrnRemainder(b), ogrnRemainder(corrupted.slice(0, -1)))).toBe(true);
        }
      }),
    );
  });

  it('that blind spot is real: 1027700132240 and 0027700132240 are both valid', () => {
    expect(isValidOgrn('1027700132240')).toBe(true);
    expect(isValidOgrn('0027700132240')).toBe(true);
  });
});
