import { describe, expect, it } from 'vitest';
import { mainText, readContent } from '../../../src/lib/contentAudit/contentFiles.ts';
import {
  amountMismatches,
  discountMismatches,
  citedArticles,
  dateMismatches,
  enforcementFeeMismatches,
  factProblems,
  europrotocolMismatches,
  hasSources,
  kbmMismatches,
  literalDiscountFigures,
  roubleAmounts,
  rsaPolicyChecks,
  statesLaw,
  writtenDates,
} from '../../../src/lib/contentAudit/legalClaims.ts';
import { factsOn, LEGAL_FACTS } from '../../../src/lib/legalFacts/facts.ts';
import { lawDay, yearBefore } from '../../../src/lib/legalFacts/lawDay.ts';
import { fillFacts } from '../../../src/lib/legalFacts/placeholders.ts';
import { contentLegalProblems, legalFactProblems } from '../../../src/lib/contentAudit/legalAudit.ts';

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

describe('the checks of issue 28 fail on each case of its «Done when»', () => {
  it('a policy or КБМ check sent to РСА', () => {
    expect(rsaPolicyChecks('После покупки проверьте полис на сайте Российского союза автостраховщиков.')).toHaveLength(1);
    expect(rsaPolicyChecks('Инспектор проверяет полис по базе РСА.')).toHaveLength(1);
    expect(rsaPolicyChecks('Свой КБМ можно узнать на сайте РСА.')).toHaveLength(1);
    expect(rsaPolicyChecks('Проверьте, что изменения отразились в базе Российского союза автостраховщиков.')).toHaveLength(1);
    expect(rsaPolicyChecks('## Как проверить свой КБМ\n\n- на сайте РСА — по данным удостоверения;\n- у страховщика.')).toHaveLength(1);
    expect(rsaPolicyChecks('Проверьте полис в АИС ОСАГО, которую ведёт НСИС.')).toEqual([]);
    expect(rsaPolicyChecks('Операторов техосмотра аккредитует Российский союз автостраховщиков.')).toEqual([]);
  });

  it('an amount that differs from legalFacts on the day of the text', () => {
    expect(amountMismatches('Штраф по ч. 3 ст. 12.23 — 3 000 ₽.', '2026-11-26')).toHaveLength(1);
    expect(amountMismatches('Штраф по ч. 3 ст. 12.23 — 5 000 ₽.', '2026-11-26')).toEqual([]);
    // A news item of June 2025 stated the amount of its day; one of late December 2025 announced the new one.
    expect(amountMismatches('Штраф по ч. 3 ст. 12.23 — 3 000 ₽.', '2025-06-05')).toEqual([]);
    expect(amountMismatches('Штраф по ч. 3 ст. 12.23 — 5 000 ₽.', '2025-12-30')).toEqual([]);
    expect(amountMismatches('Штраф по ч. 3 ст. 12.23 — 4 000 ₽.', '2025-12-30')).toHaveLength(1);
  });

  it('a date that differs from legalFacts', () => {
    expect(writtenDates('с 9 января 2026 года и до 01.03.2027')).toEqual(['2026-01-09', '2027-03-01']);
    expect(dateMismatches('Новый штраф по ч. 3 ст. 12.23 действует с 1 января 2026 года.')).toHaveLength(1);
    expect(dateMismatches('Новый штраф по ч. 3 ст. 12.23 действует с 9 января 2026 года.')).toEqual([]);
    expect(dateMismatches('Закон 490-ФЗ действует с 1 марта 2025 года.')).toHaveLength(1);
    expect(dateMismatches('Закон 490-ФЗ действует с 01.01.2025.')).toEqual([]);
  });

  const good = { source: 'КоАП РФ (Федеральный закон от 30.12.2001 № 195-ФЗ), ст. 12.6', checked: '2026-11-26' };
  it.each([
    ['a fact without a source', { x: { ...good, source: '' } }, 'x: нет источника'],
    ['a fact whose source names no dated act', { x: { ...good, source: 'КоАП РФ, ст. 12.6' } }, 'x: у источника нет даты акта'],
    ['a fact without the date it was checked', { x: { ...good, checked: '' } }, 'x: нет даты проверки'],
    ['a fact with a check date that is no day', { x: { ...good, checked: '2026-02-30' } }, 'x: нет даты проверки'],
    ['a fact checked more than a year before the build', { x: { ...good, checked: '2025-11-25' } }, 'x: проверен 2025-11-25, больше года назад'],
    ['a change without its day', { x: { ...good, changes: [{ from: '', act: 'Федеральный закон от 26.12.2024 № 490-ФЗ' }] } }, 'x: у изменения нет даты'],
    ['a change without a dated act', { x: { ...good, changes: [{ from: '2025-01-01', act: '490-ФЗ' }] } }, 'x: у изменения нет акта с датой'],
  ])('%s', (_name, records, problem) => {
    expect(factProblems(records, '2026-11-26', yearBefore('2026-11-26'))).toEqual([problem]);
  });

  it('the same audit over an entry: a page that sends the check to РСА, and a wrong amount, are reported', () => {
    const page = { file: 'content/faq/x.json', collection: 'faq', fields: { answer: 'Проверьте полис на сайте РСА.\n\nШтраф по ч. 3 ст. 12.23 — 3 000 ₽.' } };
    expect(contentLegalProblems([page], '2026-11-26')).toHaveLength(2);
    expect(legalFactProblems('2028-01-01').length).toBeGreaterThan(0); // nothing re-checked for over a year
  });

  it('a fact checked a year ago to the day still passes', () => {
    expect(yearBefore('2026-11-26')).toBe('2025-11-26');
    expect(yearBefore('2028-02-29')).toBe('2027-02-28');
    expect(factProblems({ x: { ...good, checked: '2025-11-26' } }, '2026-11-26', '2025-11-26')).toEqual([]);
  });
});

describe('src/lib/legalFacts', () => {
  it('has a dated primary source and a check date within a year for every fact and change', () => {
    expect(legalFactProblems(lawDay())).toEqual([]);
  });

  it('holds both values of a change and gives the one in force on the day', () => {
    expect(factsOn('2026-01-08')['fine.12.23.3']?.value).toBe(3000);
    expect(factsOn('2026-01-09')['fine.12.23.3']?.value).toBe(5000);
    expect(factsOn('2024-12-31')['discount.share']?.value).toBe(50);
    expect(factsOn('2025-01-01')['discount.share']?.value).toBe(25);
    expect(factsOn('2025-12-31')['licence.autoExtension']?.value).toBe('продлевается на 3 года');
    expect(LEGAL_FACTS['fine.12.23.3']?.value).toBe(factsOn(lawDay())['fine.12.23.3']?.value);
  });
});

describe('content against src/lib/legalFacts', () => {
  it('uses only placeholders the module knows', () => {
    for (const entry of entries) for (const text of Object.values(entry.fields)) expect(() => fillFacts(text), entry.file).not.toThrow();
  });

  it('states no amount, date, limit, class count or РСА check that differs from the module', () => {
    expect(contentLegalProblems(entries, lawDay())).toEqual([]);
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
