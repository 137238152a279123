import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  articleCode,
  DISCOUNT_25_FROM,
  DISCOUNT_EXCLUDED_ARTICLES,
  fineAmounts,
  isDiscountEligible,
  isDiscountExcluded,
} from '../../../src/lib/discounts.ts';

describe('discount regime by ruling date (490-ФЗ boundary 2025-01-01)', () => {
  it('starts the 25 % rule on 2025-01-01', () => {
    expect(DISCOUNT_25_FROM).toBe('2025-01-01');
  });

  it.each([
    // rulingDate,  percent, last day of the discount
    ['2016-01-01', 50, '2016-01-21'],
    ['2024-02-10', 50, '2024-03-01'], // leap year: 19 days to 29.02, the 20th is 01.03
    ['2024-12-11', 50, '2024-12-31'],
    ['2024-12-12', 50, '2025-01-01'],
    ['2024-12-31', 50, '2025-01-20'],
    ['2025-01-01', 25, '2025-01-31'],
    ['2025-01-02', 25, '2025-02-01'],
    ['2025-02-01', 25, '2025-03-03'],
    ['2025-12-15', 25, '2026-01-14'],
    ['2026-03-01', 25, '2026-03-31'],
    ['2028-02-01', 25, '2028-03-02'],
  ] as const)('ruling %s → %i %% until %s', (rulingDate, percent, lastDay) => {
    const result = fineAmounts({ rulingDate, article: '12.9.2', amount: 750, today: rulingDate });
    expect(result.discountPercent).toBe(percent);
    expect(result.discountLastDay).toBe(lastDay);
  });
});

describe('amount to pay on a given day', () => {
  it.each([
    // rulingDate,  today,        amount, active, to pay
    ['2026-03-01', '2026-03-01', 750, true, 562.5],
    ['2026-03-01', '2026-03-31', 750, true, 562.5],
    ['2026-03-01', '2026-04-01', 750, false, 750],
    ['2026-03-01', '2026-03-15', 1500, true, 1125],
    ['2026-03-01', '2026-03-15', 7500, true, 5625],
    ['2026-03-01', '2026-03-15', 0, true, 0],
    ['2024-12-31', '2025-01-20', 500, true, 250],
    ['2024-12-31', '2025-01-21', 500, false, 500],
    ['2024-12-31', '2025-01-30', 500, false, 500], // the old ruling does not get the new 30 days
    ['2025-01-01', '2025-01-21', 1000, true, 750],
    ['2025-01-01', '2025-01-31', 1000, true, 750],
    ['2025-01-01', '2025-02-01', 1000, false, 1000],
    ['2026-03-01', '2026-03-10', 1234.5, true, 925.88],
  ] as const)('ruling %s, today %s, %d ₽ → active %s, pay %d', (rulingDate, today, amount, active, toPay) => {
    const result = fineAmounts({ rulingDate, article: '12.12.1', amount, today });
    expect(result.fullAmount).toBe(amount);
    expect(result.discountActive).toBe(active);
    expect(result.amountToPay).toBe(toPay);
  });
});

describe('effective date and payment deadline', () => {
  it.each([
    ['2026-03-01', '2026-03-12', '2026-05-11'],
    ['2024-12-25', '2025-01-05', '2025-03-06'],
    ['2024-02-20', '2024-03-02', '2024-05-01'],
    ['2025-12-31', '2026-01-11', '2026-03-12'],
  ])('ruling %s takes effect %s, pay by %s', (rulingDate, effectiveDate, paymentDeadline) => {
    const result = fineAmounts({ rulingDate, article: '12.8.1', amount: 45000, today: rulingDate });
    expect(result.effectiveDate).toBe(effectiveDate);
    expect(result.paymentDeadline).toBe(paymentDeadline);
  });
});

describe('articles excluded by КоАП 32.2 ч. 1.3', () => {
  it('lists exactly the ten exclusions of the law', () => {
    expect(DISCOUNT_EXCLUDED_ARTICLES.map((a) => a.code)).toEqual([
      '12.1.1.1',
      '12.8',
      '12.9.6',
      '12.9.7',
      '12.12.3',
      '12.15.5',
      '12.16.3.1',
      '12.24',
      '12.26',
      '12.27.3',
    ]);
  });

  it.each([
    ['12.1.1.1', true],
    ['12.1.1', false],
    ['12.8.1', true],
    ['12.8.3', true],
    ['12.8', true],
    ['12.9.2', false],
    ['12.9.5', false],
    ['12.9.6', true],
    ['12.9.7', true],
    ['12.12.1', false],
    ['12.12.3', true],
    ['12.15.4', false],
    ['12.15.5', true],
    ['12.16.3', false],
    ['12.16.3.1', true],
    ['12.24.1', true],
    ['12.24.2', true],
    ['12.26.1', true],
    ['12.27.2', false],
    ['12.27.3', true],
    ['12.2', false],
    ['12.80.1', false],
    ['ч. 6 ст. 12.9 КоАП РФ', true],
    ['12.9 ч.6', true],
    ['12.9 ч.2', false],
  ])('%s → excluded: %s', (article, excluded) => {
    expect(isDiscountExcluded(article)).toBe(excluded);
    expect(isDiscountEligible(article)).toBe(!excluded);
  });

  it.each([
    ['12.9.6', 'repeated speeding'],
    ['12.8.1', 'drunk driving'],
    ['12.24.1', 'harm to health'],
  ])('%s (%s): no discount, full amount, deadlines still computed', (article) => {
    const result = fineAmounts({ rulingDate: '2026-03-01', article, amount: 3000, today: '2026-03-02' });
    expect(result).toEqual({
      fullAmount: 3000,
      discountPercent: 0,
      discountLastDay: null,
      discountActive: false,
      amountToPay: 3000,
      effectiveDate: '2026-03-12',
      paymentDeadline: '2026-05-11',
    });
  });

  it.each([['20.25.1'], ['19.3'], [''], ['нарушение']])('no discount outside chapter 12 or for an unreadable article: %j', (article) => {
    expect(isDiscountEligible(article)).toBe(false);
    expect(fineAmounts({ rulingDate: '2026-03-01', article, amount: 1000, today: '2026-03-02' }).amountToPay).toBe(1000);
  });
});

describe('articleCode', () => {
  it.each([
    ['12.9.2', '12.9.2'],
    ['12.9 ч.2', '12.9.2'],
    ['12.9 ч. 2', '12.9.2'],
    ['12.9, часть 2', '12.9.2'],
    ['ч. 2 ст. 12.9 КоАП РФ', '12.9.2'],
    ['ч.3.1 ст.12.16', '12.16.3.1'],
    ['ст. 12.9 ч. 2', '12.9.2'],
    ['Статья 12.18', '12.18'],
    ['12.36.1', '12.36.1'],
    ['нет статьи', ''],
  ])('%j → %j', (text, code) => {
    expect(articleCode(text)).toBe(code);
  });
});

describe('today defaults to the date in Moscow', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['2026-03-31T20:59:00Z', true], // 23:59 in Moscow on 31.03, the last discount day
    ['2026-03-31T21:00:00Z', false], // 00:00 in Moscow on 01.04
  ])('at %s the discount is active: %s', (instant, active) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
    expect(fineAmounts({ rulingDate: '2026-03-01', article: '12.9.2', amount: 750 }).discountActive).toBe(active);
  });
});

describe('bad input', () => {
  it.each([
    [{ rulingDate: '01.03.2026', article: '12.9.2', amount: 750 }],
    [{ rulingDate: '2026-02-30', article: '12.9.2', amount: 750 }],
    [{ rulingDate: '2026-03-01', article: '12.9.2', amount: -1 }],
    [{ rulingDate: '2026-03-01', article: '12.9.2', amount: Number.NaN }],
    [{ rulingDate: '2026-03-01', article: '12.9.2', amount: 750, today: 'today' }],
  ])('throws RangeError for %j', (input) => {
    expect(() => fineAmounts(input)).toThrow(RangeError);
  });
});
