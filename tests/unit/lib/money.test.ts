import { describe, expect, it } from 'vitest';
import { formatRub, MONEY_SPACE, roundKopecks } from '../../../src/lib/money.ts';

/** Writes expectations with ordinary spaces; the formatter uses MONEY_SPACE (NBSP). */
const rub = (text: string) => text.replaceAll(' ', '\u00A0');

describe('formatRub', () => {
  it('uses NO-BREAK SPACE as documented', () => {
    expect(MONEY_SPACE).toBe('\u00A0');
    expect(formatRub(1500)).toBe('1\u00A0500,00\u00A0₽');
  });

  it.each([
    [0, '0,00 ₽'],
    [5, '5,00 ₽'],
    [375, '375,00 ₽'],
    [562.5, '562,50 ₽'],
    [1500, '1 500,00 ₽'],
    [1125.75, '1 125,75 ₽'],
    [45000, '45 000,00 ₽'],
    [1234567.89, '1 234 567,89 ₽'],
    [0.1 + 0.2, '0,30 ₽'],
    [1.005, '1,01 ₽'],
    [999.999, '1 000,00 ₽'],
    [-1500, '−1 500,00 ₽'],
    [-0.001, '0,00 ₽'],
  ])('%d → %s', (amount, text) => {
    expect(formatRub(amount)).toBe(rub(text));
  });

  it.each([Number.NaN, Infinity, -Infinity])('%d → —', (amount) => {
    expect(formatRub(amount)).toBe('—');
  });
});

describe('roundKopecks', () => {
  it.each([
    [1.005, 1.01],
    [1.004, 1],
    [0.1 + 0.2, 0.3],
    [562.5, 562.5],
    [1500 * 0.75, 1125],
    [-1.005, -1.01],
    [-0.001, 0],
    [2.675, 2.68],
  ])('%d → %d', (x, expected) => {
    expect(roundKopecks(x)).toBe(expected);
  });

  it('keeps non-finite values', () => {
    expect(roundKopecks(Number.NaN)).toBeNaN();
  });
});
