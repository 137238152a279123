import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NBSP, withNbsp } from '../../../src/lib/text.ts';
import { formatRub, groupThousands } from '../../../src/lib/money.ts';
import { formatKopecks } from '../../../src/lib/paymentTotals.ts';
import { renderMarkdown } from '../../../src/lib/markdown.ts';

/** Shows NBSP as '_' so the expectations read at a glance. */
const shown = (text: string) => text.replaceAll(NBSP, '_');

describe('withNbsp: Russian non-breaking spaces (issue 24 item 20)', () => {
  it.each([
    ['Закон № 152-ФЗ', 'Закон №_152-ФЗ'],
    ['постановления №  18810177', 'постановления №_18810177'],
    ['№№ 1–3', '№№_1–3'],
    ['с 1 июля 2025 г.', 'с 1 июля 2025_г.'],
    ['в 1990–2000 гг. было', 'в 1990–2000_гг. было'],
    ['штраф 500 ₽', 'штраф 500_₽'],
    ['штраф 1 500 ₽', 'штраф 1_500_₽'],
    ['до 12 000 000 рублей', 'до 12_000_000 рублей'],
    ['5 400,50 ₽', '5_400,50_₽'],
    ['3 руб. 50 коп.', '3_руб. 50 коп.'],
    ['3 авто × 12 мес × 150 ₽ = 5 400 ₽', '3 авто × 12 мес × 150_₽ = 5_400_₽'],
  ])('%s → %s', (input, expected) => expect(shown(withNbsp(input))).toBe(expected));

  it.each([
    'в 2026 100 машин', // a year beside a count is not an amount
    'СТС 99 41 123456', // a document number keeps its spaces
    'ч. 2 ст. 12.9 КоАП РФ',
    'город Москва',
    'строка\nгод', // a line break is the author's
    'шаг 1. Найдите',
  ])('leaves %s as it is', (input) => expect(withNbsp(input)).toBe(input));

  // Spaces that a rule joins become one NBSP ('№  18810177' above), so only the text without its
  // spaces is kept exactly; every other character stays where it was.
  it('is idempotent, and only ever touches spaces', () => {
    const unspaced = (text: string) => text.replace(/[ \u00A0]/g, '');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('1', '2', '0', ' ', '№', 'г', '.', '₽', 'а', ',', 'р', 'у', 'б') }), (text) => {
        const once = withNbsp(text);
        expect(withNbsp(once)).toBe(once);
        expect(unspaced(once)).toBe(unspaced(text));
        expect(once.replaceAll(NBSP, ' ').length).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is what the money formatters write', () => {
    expect(shown(formatRub(1500))).toBe('1_500,00_₽');
    expect(shown(formatRub(-1234567.5))).toBe('−1_234_567,50_₽');
    expect(shown(groupThousands(100000))).toBe('100_000');
    expect(shown(formatKopecks(540000))).toBe('5_400_₽');
    expect(shown(formatKopecks(123456))).toBe('1_234,56_₽');
  });

  it('is what the content renderer writes, in the text only (links keep their addresses)', () => {
    const html = renderMarkdown('Штраф 1 500 ₽ по закону № 152-ФЗ от 2006 г. [ссылка № 5](/a/?q=1%20000)');
    expect(shown(html)).toBe('<p>Штраф 1_500_₽ по закону №_152-ФЗ от 2006_г. <a href="/a/?q=1%20000">ссылка №_5</a></p>\n');
  });
});
