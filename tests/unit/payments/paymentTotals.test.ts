import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMISSION, commissionKopecks, describeCommission, formatKopecks, paymentTotals } from '../../../src/lib/paymentTotals.ts';

describe('payment totals (one module for the page and the server)', () => {
  it('takes the share of the amount, rounded up to a kopeck, but never less than the floor', () => {
    expect(commissionKopecks(50_000, DEFAULT_COMMISSION)).toBe(3_000);
    expect(commissionKopecks(200_000, DEFAULT_COMMISSION)).toBe(5_000);
    expect(commissionKopecks(200_001, DEFAULT_COMMISSION)).toBe(5_001);
    expect(commissionKopecks(0, DEFAULT_COMMISSION)).toBe(0);
  });

  it('adds the items and the commission', () => {
    expect(paymentTotals([{ amountKopecks: 25_000 }, { amountKopecks: 75_000 }], DEFAULT_COMMISSION)).toEqual({ amountKopecks: 100_000, commissionKopecks: 3_000, totalKopecks: 103_000 });
  });

  it('writes money and the rule for people', () => {
    expect(formatKopecks(123_456)).toBe('1\u00a0234,56\u00a0₽');
    expect(formatKopecks(50_000)).toBe('500\u00a0₽');
    expect(describeCommission(DEFAULT_COMMISSION)).toBe('2,5\u00a0%, но не меньше 30\u00a0₽');
  });
});
