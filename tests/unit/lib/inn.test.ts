import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { innCheckDigits, innRemainders, isValidInn, withInnCheckDigits } from '../../../src/lib/inn.ts';
import { validators } from '../../../src/lib/validators.ts';
import { digitString, singleDigitCorruptions, withDigit } from './checksumHelpers.ts';

/** Independent reference: the ФНС weights written out, Σ mod 11 mod 10. */
function referenceInnValid(inn: string): boolean {
  const d = Array.from(inn, Number);
  const check = (weights: number[]) => (weights.reduce((sum, w, i) => sum + w * (d[i] ?? 0), 0) % 11) % 10;
  if (inn.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

describe('published ИНН of Russian companies are valid', () => {
  it.each([
    ['ПАО Сбербанк', '7707083893'],
    ['ООО «Яндекс»', '7736207543'],
    ['ПАО «Газпром»', '7736050003'],
    ['ПАО «Лукойл»', '7708004767'],
    ['ОАО «РЖД»', '7708503727'],
    ['ПАО «МТС»', '7740000076'],
    ['Банк ВТБ (ПАО)', '7702070139'],
    ['ПАО «Аэрофлот»', '7712040126'],
    ['ПАО «НК «Роснефть»', '7706107510'],
    ['АО «Почта России»', '7724490000'],
    ['ПАО «МегаФон»', '7812014560'],
    ['ПАО «Ростелеком»', '7707049388'],
    ['ПАО «Магнит»', '2309085638'],
    ['ПАО «ВымпелКом»', '7713076301'],
    ['АО «Т-Банк»', '7710140679'],
    ['АО «Альфа-Банк»', '7728168971'],
    ['a personal 12-digit ИНН (ФНС sample)', '500100732259'],
  ])('%s: %s', (_company, inn) => {
    expect(referenceInnValid(inn)).toBe(true);
    expect(isValidInn(inn)).toBe(true);
    expect(validators.inn(inn)).toBeUndefined();
  });
});

describe('one-digit corruptions of real ИНН are invalid', () => {
  it.each([
    ['7707083893', '7707083894'],
    ['7707083893', '8707083893'],
    ['7736207543', '7736207553'],
    ['7736050003', '7736050030'],
    ['7708004767', '7708004761'],
    ['7708503727', '7708503737'],
    ['500100732259', '500100732258'],
    ['500100732259', '500100732269'],
    ['500100732259', '600100732259'],
  ])('%s → %s', (_valid, corrupted) => {
    expect(isValidInn(corrupted)).toBe(false);
    expect(validators.inn(corrupted)).toBe('Некорректный ИНН');
  });
});

describe('ИНН shape', () => {
  it.each([
    ['9 digits', '770708389'],
    ['11 digits', '77070838931'],
    ['13 digits', '7707083893000'],
    ['a letter', '770708389A'],
    ['empty', ''],
  ])('%s is invalid', (_what, inn) => {
    expect(isValidInn(inn)).toBe(false);
  });

  it('accepts spaces and dashes when validating typed input', () => {
    expect(validators.inn(' 7707 083-893 ')).toBeUndefined();
  });

  it('computes check digits for both lengths', () => {
    expect(innCheckDigits('770708389')).toBe('3');
    expect(innCheckDigits('5001007322')).toBe('59');
    expect(withInnCheckDigits('773620754')).toBe('7736207543');
  });

  it('refuses a body of the wrong length', () => {
    expect(() => innCheckDigits('12345')).toThrow(RangeError);
    expect(() => innCheckDigits('77070838a')).toThrow(RangeError);
  });
});

describe('ИНН properties', () => {
  const body = fc.oneof(digitString(9), digitString(10));

  it('every generated ИНН with computed check digits passes, and agrees with the reference', () => {
    fc.assert(
      fc.property(body, (b) => {
        const inn = withInnCheckDigits(b);
        expect(inn).toHaveLength(b.length === 9 ? 10 : 12);
        expect(referenceInnValid(inn)).toBe(true);
        expect(isValidInn(inn)).toBe(true);
      }),
    );
  });

  it('any other final digit(s) fail', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 9 }), (b, delta) => {
        const inn = withInnCheckDigits(b);
        const last = (Number(inn.at(-1)) + delta) % 10;
        expect(isValidInn(withDigit(inn, inn.length - 1, String(last)))).toBe(false);
      }),
    );
  });

  it('a single changed digit fails whenever no remainder is 10 or 0 (the algorithm folds 10 into 0)', () => {
    const safeBody = body.filter((b) => innRemainders(b).every((r) => r >= 1 && r <= 9));
    fc.assert(
      fc.property(safeBody, (b) => {
        for (const corrupted of singleDigitCorruptions(withInnCheckDigits(b))) {
          expect(isValidInn(corrupted)).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('any single changed digit fails, except where remainders 0 and 10 swap (both give check digit 0)', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (b, at, delta) => {
        const inn = withInnCheckDigits(b);
        const position = at % inn.length;
        const corrupted = withDigit(inn, position, String((Number(inn[position]) + delta) % 10));
        if (!isValidInn(corrupted)) return;
        const before = innRemainders(b);
        const after = innRemainders(corrupted.slice(0, b.length));
        before.forEach((r, k) => expect([r, after[k]].sort()).toEqual([0, 10]));
      }),
    );
  });

  it('that blind spot is real: 7707083910 and 1707083910 are both valid', () => {
    expect(isValidInn('7707083910')).toBe(true);
    expect(isValidInn('1707083910')).toBe(true);
  });
});
