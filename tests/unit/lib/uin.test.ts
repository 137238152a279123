import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidUin, uinCheckDigit, uinFirstRemainder, withUinCheckDigit } from '../../../src/lib/uin.ts';
import { validators } from '../../../src/lib/validators.ts';
import { digitString, singleDigitCorruptions, withDigit } from './checksumHelpers.ts';

const message = 'Некорректный номер постановления (УИН)';

describe('real ГИБДД ruling numbers (УИН) are valid', () => {
  it.each([
    '18810177181128202096',
    '18810177190218155028',
    '18810177170712879661',
    '18810177181044064881',
    '18810177180708116003',
    '18810177200104519116',
    '18810177200855150244',
  ])('%s', (uin) => {
    expect(isValidUin(uin)).toBe(true);
    expect(validators.uin(uin)).toBeUndefined();
  });
});

describe('lengths: only 20 and 25 digits', () => {
  const body19 = '1881017718112820209';
  const body24 = '188101771811282020912345';
  it.each([
    [19, body19, false],
    [20, withUinCheckDigit(body19), true],
    [21, `${withUinCheckDigit(body19)}0`, false],
    [24, body24, false],
    [25, withUinCheckDigit(body24), true],
    [26, `${withUinCheckDigit(body24)}0`, false],
  ])('%i digits → valid: %s', (length, uin, valid) => {
    expect(uin).toHaveLength(length);
    expect(isValidUin(uin)).toBe(valid);
    expect(validators.uin(uin)).toBe(valid ? undefined : message);
  });
});

describe('invalid УИН', () => {
  it.each([
    ['changed check digit', '18810177181128202097'],
    ['changed first digit', '28810177181128202096'],
    ['swapped neighbours', '18810177181128200296'],
    ['a letter', '1881017718112820209A'],
    ['empty', ''],
  ])('%s: %s', (_what, uin) => {
    expect(isValidUin(uin)).toBe(false);
    expect(validators.uin(uin)).toBe(message);
  });

  it('accepts spaces typed between groups', () => {
    expect(validators.uin('18810177 1811 2820 2096')).toBeUndefined();
  });
});

describe('the check digit algorithm', () => {
  it('uses the first pass when its remainder is below 10', () => {
    expect(uinFirstRemainder('1881017718112820209')).toBe(6);
    expect(uinCheckDigit('1881017718112820209')).toBe(6);
  });

  it('falls back to weights shifted by two when the first pass gives 10, and to 0 when the second does', () => {
    // Found by search: bodies whose first pass is 10; weights 3..10,1,2 decide, 10 again gives 0.
    const firstTen = fc.sample(digitString(19).filter((b) => uinFirstRemainder(b) === 10), { numRuns: 50, seed: 7 });
    for (const b of firstTen) {
      const digits = Array.from(b, Number);
      const second = digits.reduce((sum, d, i) => sum + d * (((i + 2) % 10) + 1), 0) % 11;
      expect(uinCheckDigit(b)).toBe(second === 10 ? 0 : second);
    }
  });

  it('refuses a body of the wrong length', () => {
    expect(() => uinCheckDigit('188')).toThrow(RangeError);
    expect(() => withUinCheckDigit('18810177181128202096')).toThrow(RangeError);
  });
});

describe('УИН properties', () => {
  const body = fc.oneof(digitString(19), digitString(24));

  it('every generated УИН with its check digit passes', () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(isValidUin(withUinCheckDigit(b))).toBe(true);
      }),
    );
  });

  it('a single changed digit fails when the first pass decides for both numbers', () => {
    fc.assert(
      fc.property(body.filter((b) => uinFirstRemainder(b) !== 10), (b) => {
        for (const corrupted of singleDigitCorruptions(withUinCheckDigit(b))) {
          const firstPassDecides = uinFirstRemainder(corrupted.slice(0, -1)) !== 10;
          if (firstPassDecides) expect(isValidUin(corrupted)).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('any single changed digit fails, except when the second pass decides for one of the two', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (b, at, delta) => {
        const uin = withUinCheckDigit(b);
        const position = at % uin.length;
        const corrupted = withDigit(uin, position, String((Number(uin[position]) + delta) % 10));
        if (isValidUin(corrupted)) {
          expect(uinFirstRemainder(b) === 10 || uinFirstRemainder(corrupted.slice(0, -1)) === 10).toBe(true);
        }
      }),
    );
  });

  it('that blind spot is real: a corruption of a real ruling number that still passes', () => {
    expect(isValidUin('18810167181128202096')).toBe(true);
    expect(uinFirstRemainder('1881016718112820209')).toBe(10);
  });
});
