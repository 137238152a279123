import { describe, expect, it } from 'vitest';
import { BUSINESS_TERMS, businessFigures, businessProblems, cashbackRub, days, longDate, roubles, type BusinessTerms } from '../../../src/lib/businessTerms.ts';
import { CASHBACK_REQUEST_DAYS } from '../../../src/lib/cashback.ts';
import { readContent, mainText } from '../../../src/lib/contentAudit/contentFiles.ts';
import { fillFacts, PLACEHOLDER } from '../../../src/lib/legalFacts/placeholders.ts';
import { DEFAULT_COMMISSION } from '../../../src/lib/paymentTotals.ts';

const filled: BusinessTerms = {
  test: false,
  commission: { percent: 1.5, minRub: 50 },
  tariff: { perVehicleMonthRub: 190 },
  cashback: { percent: 5, maxPerPaymentRub: 500, maxPerMonthRub: 2_000, requestDays: 21, reviewWorkdays: 3, payoutDays: 14, startsOn: '2027-01-01', endsOn: '2027-12-31' },
  supportEmail: 'help@example.ru',
};

/** The pages that state the business's figures (issue 15 item 15). */
const BUSINESS_PAGES = ['content/pages/cashback-conditions.json', 'content/licenses/all-promotions-list.json', 'content/rules/cashback-rules.json'];

describe('business terms (issue 15 item 15)', () => {
  it('writes roubles and days in Russian', () => {
    expect([roubles(1), roubles(22), roubles(300), roubles(1_000), roubles(11)]).toEqual(['1\u00a0рубль', '22\u00a0рубля', '300\u00a0рублей', '1\u00a0000\u00a0рублей', '11\u00a0рублей']);
    expect([days(30), days(21), days(3, 'working'), days(1, 'calendar'), days(14, 'calendar')]).toEqual(['30\u00a0дней', '21\u00a0день', '3\u00a0рабочих дня', '1\u00a0календарный день', '14\u00a0календарных дней']);
    expect(longDate('2026-07-01')).toBe('1 июля 2026 года');
  });

  it('counts cashback down to the rouble and caps it per payment', () => {
    expect(cashbackRub(750, filled)).toBe(37);
    expect(cashbackRub(20_000, filled)).toBe(500);
  });

  it('fills the pages from the settings, with a worked example that follows the figures', () => {
    const figures = businessFigures(filled, 25);
    expect(figures['cashback.percent']).toBe('5\u00a0%');
    expect(figures['cashback.example']).toContain('кешбэк составит 37\u00a0рублей');
    expect(figures['commission.percent']).toBe('1,5\u00a0%');
    expect(figures['tariff.perVehicleMonth']).toBe('190\u00a0рублей');
  });

  it('refuses test values and impossible figures for production, accepts real ones', () => {
    expect(businessProblems(filled)).toEqual([]);
    expect(BUSINESS_TERMS.test).toBe(true);
    expect(businessProblems(BUSINESS_TERMS)).toContain('в файле тестовые значения ("test": true)');
    expect(businessProblems({ ...filled, cashback: { ...filled.cashback, maxPerPaymentRub: 5_000 } })).toHaveLength(1);
    expect(businessProblems({ ...filled, tariff: { perVehicleMonthRub: 0 } })).toEqual(['цена за автомобиль в месяц (tariff.perVehicleMonthRub) — целое число рублей больше 0']);
  });

  it('the service applies the figures the pages state', () => {
    expect(CASHBACK_REQUEST_DAYS).toBe(BUSINESS_TERMS.cashback.requestDays);
    expect(DEFAULT_COMMISSION).toEqual({ percent: BUSINESS_TERMS.commission.percent, minKopecks: BUSINESS_TERMS.commission.minRub * 100 });
  });
});

describe('content states business figures only through {{biz:…}}', () => {
  const entries = readContent().filter((entry) => BUSINESS_PAGES.includes(entry.file.replaceAll('\\', '/')));

  it('reads every business page', () => {
    expect(entries).toHaveLength(BUSINESS_PAGES.length);
  });

  it('has no literal percent, rouble sum or term in those pages', () => {
    const literals = entries.flatMap((entry) => {
      const text = mainText(entry).replace(PLACEHOLDER, '');
      const found = text.match(/\d+(,\d+)?\s?%|\d[\d\u00a0 ]{2,}\s?(₽|руб)|\d+\s(календарн\S+ |рабоч\S+ )?(дн|день)/g) ?? [];
      return found.map((literal) => `${entry.file}: ${literal}`);
    });
    expect(literals).toEqual([]);
  });

  it('shows the settings file’s figures on the terms page', () => {
    const page = entries.find((entry) => entry.file.endsWith('cashback-conditions.json'));
    const text = fillFacts(mainText(page!));
    expect(text).toContain(`**${BUSINESS_TERMS.cashback.percent}\u00a0%**`);
    expect(text).toContain(BUSINESS_TERMS.supportEmail);
    expect(() => fillFacts('{{biz:cashback.unknown}}')).toThrow(/Unknown setting/);
    expect(() => fillFacts('{{op:password}}')).toThrow(/Unknown setting/);
  });
});
