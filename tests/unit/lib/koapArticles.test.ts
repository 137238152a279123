import { describe, expect, it } from 'vitest';
import { articleCode, fineAmounts } from '../../../src/lib/discounts.ts';
import { KOAP_ARTICLES, koapArticle } from '../../../src/lib/koapArticles.ts';

describe('KOAP_ARTICLES', () => {
  it('has about 25 or more entries with unique chapter-12 codes', () => {
    expect(KOAP_ARTICLES.length).toBeGreaterThanOrEqual(25);
    const codes = KOAP_ARTICLES.map((a) => a.article);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^12\.\d+(\.\d+)*$/);
      expect(articleCode(code)).toBe(code);
    }
  });

  it('has a Russian title, a positive whole amount and a camera flag on every row', () => {
    for (const row of KOAP_ARTICLES) {
      expect(row.title).toMatch(/^[А-ЯЁ]/);
      expect(Number.isInteger(row.amount) && row.amount > 0).toBe(true);
      expect(typeof row.camera).toBe('boolean');
    }
  });

  it.each([
    ['12.9.2', 750, true],
    ['12.9.3', 1500, true],
    ['12.9.4', 3000, true],
    ['12.9.5', 7500, true],
    ['12.12.1', 1500, true],
    ['12.12.2', 800, true],
    ['12.6', 1500, true],
    ['12.15.4', 7500, true],
    ['12.16.1', 750, true],
    ['12.19.2', 5000, true],
    ['12.8.1', 45000, false],
    ['12.17.1.2', 4500, true],
    ['12.19.6', 3000, true],
    ['12.21.3.1', 5000, true],
    ['12.21.4.1', 1500, true],
    ['12.21.4.2', 5000, true],
    ['12.37.3', 3000, false],
  ])('%s: %d ₽, camera %s (2026 amounts, 490-ФЗ)', (article, amount, camera) => {
    expect(koapArticle(article)).toMatchObject({ article, amount, camera });
  });

  it('gives camera rulings a 25 % discount today, and none to the excluded repeat offences', () => {
    const rows = KOAP_ARTICLES.filter((a) => a.camera);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const result = fineAmounts({ rulingDate: '2026-03-01', article: row.article, amount: row.amount, today: '2026-03-02' });
      const excluded = ['12.9.6', '12.9.7', '12.12.3'].includes(row.article);
      expect(result.discountPercent).toBe(excluded ? 0 : 25);
    }
  });

  it('returns undefined for an unknown code', () => {
    expect(koapArticle('99.99')).toBeUndefined();
  });
});
