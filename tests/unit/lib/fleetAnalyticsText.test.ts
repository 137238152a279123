import { describe, expect, it } from 'vitest';
import { barValueText, barWidth, finesCount, paidWithDiscountText } from '../../../src/lib/fleetAnalyticsText.ts';

// Issue 24, item 18: plurals agree («1 штраф оплачен», «2 штрафа оплачены»), bars are proportional.

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the analytics\' words', () => {
  it.each([
    [0, 'со скидкой пока ничего не оплачено'],
    [1, '1 штраф оплачен со скидкой'],
    [2, '2 штрафа оплачены со скидкой'],
    [4, '4 штрафа оплачены со скидкой'],
    [5, '5 штрафов оплачено со скидкой'],
    [11, '11 штрафов оплачено со скидкой'],
    [21, '21 штраф оплачен со скидкой'],
  ])('%i → «%s»', (n, text) => {
    expect(plain(paidWithDiscountText(n))).toBe(text);
  });

  it('counts fines and writes a bar\'s figures; a month without fines is «0 штрафов»', () => {
    expect(plain(finesCount(3))).toBe('3 штрафа');
    expect(plain(barValueText(3, 2_500))).toBe('3 штрафа · 2 500,00 ₽');
    expect(plain(barValueText(0, 0))).toBe('0 штрафов');
  });
});

describe('barWidth', () => {
  it.each([
    [3, 3, 100],
    [1, 4, 25],
    [2, 3, (2 / 3) * 100],
    [0, 3, 0],
    [0, 0, 0],
  ])('%i of the largest %i → %f %%', (value, largest, width) => {
    expect(barWidth(value, largest)).toBeCloseTo(width, 10);
  });
});
