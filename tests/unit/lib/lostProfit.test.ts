import { describe, expect, it } from 'vitest';
import { checkLostProfitInput, DEFAULT_AVERAGE_FINE, DISCOUNT_PERCENT, LATE_PENALTY_MIN, lostProfit } from '../../../src/lib/lostProfit.ts';

const input = { finesPerMonth: 30, averageFine: 750, paidLatePercent: 40, overduePercent: 5 };

describe('the lost-profit calculator (issue 12)', () => {
  it('takes its legal figures from the law modules', () => {
    expect(DISCOUNT_PERCENT).toBe(25);
    expect(LATE_PENALTY_MIN).toBe(1_000);
    expect(DEFAULT_AVERAGE_FINE).toBe(750);
  });

  it('counts the missed discounts and the second fines of a year', () => {
    // 360 fines a year; 144 paid without the 25 % discount of 750 ₽; 18 unpaid draw max(1 500, 1 000) each.
    expect(lostProfit(input)).toEqual({ finesPerYear: 360, lateFines: 144, overdueFines: 18, missedDiscounts: 27_000, penalties: 27_000, total: 54_000 });
  });

  it('charges at least 1 000 ₽ for a small unpaid fine (КоАП 20.25 ч. 1)', () => {
    expect(lostProfit({ ...input, averageFine: 300, paidLatePercent: 10, overduePercent: 10 }).penalties).toBe(36 * 1_000);
  });

  it('costs nothing when everything is paid in time', () => {
    expect(lostProfit({ ...input, paidLatePercent: 0, overduePercent: 0 }).total).toBe(0);
  });

  it('names each impossible figure', () => {
    expect(checkLostProfitInput(input)).toEqual({});
    expect(checkLostProfitInput({ finesPerMonth: 0, averageFine: Number.NaN, paidLatePercent: 101, overduePercent: -1 })).toEqual({
      finesPerMonth: 'Число штрафов в месяц — от 1 до 100 000',
      averageFine: 'Средний штраф — от 100 до 1 000 000 ₽',
      paidLatePercent: 'Доля — от 0 до 100 %',
      overduePercent: 'Доля — от 0 до 100 %',
    });
    expect(checkLostProfitInput({ ...input, overduePercent: 50 }).overduePercent).toMatch(/^Не больше доли/);
  });
});
