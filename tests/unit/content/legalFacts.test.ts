import { describe, expect, it } from 'vitest';
import { mainText, readContent } from '../../../src/lib/contentAudit/contentFiles.ts';
import {
  amountMismatches,
  discountMismatches,
  citedArticles,
  enforcementFeeMismatches,
  europrotocolMismatches,
  hasSources,
  kbmMismatches,
  literalDiscountFigures,
  roubleAmounts,
  statesLaw,
} from '../../../src/lib/contentAudit/legalClaims.ts';
import { fillFacts } from '../../../src/lib/legalFacts/placeholders.ts';

const entries = readContent();
/** Collections whose texts state law and must list their sources (issue 15). */
const LEGAL_COLLECTIONS = ['faq', 'good_to_know', 'insurance', 'finance', 'topics'];

describe('the audit helpers', () => {
  it('reads amounts and citations', () => {
    expect(roubleAmounts('штраф 1 500 ₽, а лимит 100 тысяч рублей')).toEqual([1500, 100_000]);
    expect(citedArticles('по ч. 2 ст. 12.9 и ст. 12.16 ч. 5')).toEqual(['12.9.2', '12.16.5']);
  });

  it('catches a wrong amount, a wrong limit, a wrong class count and a wrong discount', () => {
    expect(amountMismatches('Штраф по ч. 2 ст. 12.9 — 500 ₽.')).toHaveLength(1);
    expect(amountMismatches('Штраф по ч. 2 ст. 12.9 — 750 ₽.')).toHaveLength(0);
    expect(europrotocolMismatches('По европротоколу выплатят до 50 000 ₽.')).toHaveLength(1);
    expect(kbmMismatches('В системе КБМ 17 классов.')).toHaveLength(1);
    expect(kbmMismatches('В системе КБМ 15 классов.')).toHaveLength(0);
    expect(enforcementFeeMismatches('К долгу добавится исполнительский сбор — 10 % суммы, но не меньше 1 000 ₽.')).toHaveLength(1);
    expect(enforcementFeeMismatches('К долгу добавится исполнительский сбор — 7 % суммы, но не меньше 5 000 ₽.')).toHaveLength(1);
    expect(enforcementFeeMismatches('Исполнительский сбор — 7 %, не меньше 1 000 ₽ для гражданина и 10 000 ₽ для организации.')).toHaveLength(0);
    expect(discountMismatches('Штраф можно оплатить со скидкой 30 % в течение 20 дней.')).toHaveLength(1);
    expect(discountMismatches('Штраф можно оплатить со скидкой 25 % в течение 10 дней.')).toHaveLength(1);
    expect(discountMismatches('Штраф можно оплатить со скидкой 25 % в течение 30 дней.')).toHaveLength(0);
  });

  it('finds discount figures written as literals, in the sentence or in the list its paragraph introduces', () => {
    expect(literalDiscountFigures('Штраф можно оплатить со скидкой 25 % в течение 30 дней.')).toHaveLength(2);
    expect(literalDiscountFigures('Скидка на штраф зависит от даты постановления:\n\n- с 2025 года — 25 %;\n- раньше — 50 % в течение 20 дней.')).toHaveLength(3);
    expect(literalDiscountFigures('Штраф можно оплатить со скидкой {{fact:discount.share}} в течение {{fact:discount.days}} дней.')).toEqual([]);
    expect(literalDiscountFigures('Кешбэк 3 % за оплату штрафа не заменяет скидку.')).toEqual([]);
    expect(literalDiscountFigures('Обжаловать постановление можно в течение 10 дней.')).toEqual([]);
    expect(literalDiscountFigures('В первые дни после вынесения постановления достаточно заплатить 75 % суммы штрафа.')).toHaveLength(1);
  });

  it('wants a sources line at the end', () => {
    expect(hasSources('Текст.\n\nИсточники: КоАП РФ, ст. 32.2.')).toBe(true);
    expect(hasSources('Текст по ст. 12.9 КоАП.')).toBe(false);
  });
});

describe('content against src/lib/legalFacts', () => {
  it('uses only placeholders the module knows', () => {
    for (const entry of entries) for (const text of Object.values(entry.fields)) expect(() => fillFacts(text), entry.file).not.toThrow();
  });

  it('states no amount, limit or class count that differs from the module', () => {
    const problems = entries.flatMap((entry) =>
      Object.values(entry.fields).flatMap((text) => {
        const filled = fillFacts(text);
        return [...amountMismatches(filled), ...europrotocolMismatches(filled), ...kbmMismatches(filled), ...discountMismatches(filled), ...enforcementFeeMismatches(filled)].map((c) => `${entry.file}: ${c.problem} — «${c.sentence}»`);
      }),
    );
    expect(problems).toEqual([]);
  });

  it('writes the discount share and term through placeholders (news keep the figures of their day)', () => {
    const literals = entries
      .filter((entry) => entry.collection !== 'news')
      .flatMap((entry) => Object.values(entry.fields).flatMap((text) => literalDiscountFigures(text).map((c) => `${entry.file}: ${c.problem} — «${c.sentence}»`)));
    expect(literals).toEqual([]);
  });

  it('lists the sources at the end of every article and FAQ answer that states law', () => {
    const missing = entries
      .filter((entry) => LEGAL_COLLECTIONS.includes(entry.collection))
      .filter((entry) => statesLaw(mainText(entry)) && !hasSources(mainText(entry)))
      .map((entry) => entry.file);
    expect(missing).toEqual([]);
  });
});
