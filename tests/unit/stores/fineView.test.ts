import { describe, expect, it } from 'vitest';
import type { Fine } from '../../../src/api/structs/fine.ts';
import { amountLabels, dayLabel, discountLabel, totalToPay, violationTimeLabel } from '../../../src/stores/fineView.ts';
import { fineFixture } from './fakeApi.ts';

const fine = (overrides: Record<string, unknown> = {}) => fineFixture(overrides) as Fine;
const NOW = new Date('2026-11-22T12:00:00+03:00');

describe('how a fine is worded', () => {
  it.each([
    ['2026-10-28T14:07:00+03:00', '28.10.2026, 14:07'],
    // The clock at the place, not converted to the visitor's zone.
    ['2026-10-28T23:50:00+07:00', '28.10.2026, 23:50'],
    ['garbage', 'garbage'],
  ])('violation time %s → %s', (at, label) => expect(violationTimeLabel(at)).toBe(label));

  it.each([
    ['2026-12-12', '12 декабря'],
    ['2027-01-05', '5 января 2027'],
  ])('day %s → %s', (day, label) => expect(dayLabel(day, NOW)).toBe(label));

  it.each<[string, Record<string, unknown>, string]>([
    ['running', { discountActive: true, discountPercent: 25, discountLastDay: '2026-12-12' }, 'Скидка 25 % до 12 декабря'],
    ['old rule', { discountActive: true, discountPercent: 50, discountLastDay: '2026-12-01' }, 'Скидка 50 % до 1 декабря'],
    ['over', { discountActive: false, discountPercent: 25, discountLastDay: '2026-11-04' }, 'Скидка 25 % закончилась 4 ноября'],
    ['none for the article', { discountActive: false, discountPercent: 0, discountLastDay: null }, ''],
    ['paid', { paid: true }, ''],
  ])('discount label: %s', (_name, overrides, label) => expect(discountLabel(fine(overrides), NOW)).toBe(label));

  it('shows the discounted amount with the full one crossed out only while the discount runs', () => {
    expect(amountLabels(fine())).toEqual({ toPay: '375,00\u00a0₽', full: '500,00\u00a0₽' });
    expect(amountLabels(fine({ discountActive: false, amountToPay: 500 }))).toEqual({ toPay: '500,00\u00a0₽', full: undefined });
    expect(amountLabels(fine({ paid: true }))).toEqual({ toPay: '500,00\u00a0₽', full: undefined });
  });

  it('adds up what is still to pay', () => {
    expect(totalToPay([fine(), fine({ id: 8, amountToPay: 1500 }), fine({ id: 9, paid: true })])).toBe(1875);
  });
});
