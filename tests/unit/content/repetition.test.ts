import { describe, expect, it } from 'vitest';
import { mainText, readContent } from '../../../src/lib/contentAudit/contentFiles.ts';
import { judgedParagraphs, PAGE_THRESHOLD, pageRepetition, repetitiveParagraphPages, words } from '../../../src/lib/contentAudit/repetition.ts';
import { fillFacts } from '../../../src/lib/legalFacts/placeholders.ts';

const shared = 'Постановление по камере приходит собственнику машины, а оплатить его можно картой на странице штрафа без регистрации и без комиссии банка.';
const ownA = 'Казань стоит на Волге, и мосты через Казанку в часы пик собирают длинные пробки, поэтому водители объезжают центр по Третьей транспортной дамбе.';
const ownB = 'Мурманск лежит за полярным кругом, зимой здесь полярная ночь, и главная дорога региона — трасса Р-21 «Кола» до Петрозаводска и Санкт-Петербурга.';

describe('the repetition check', () => {
  it('reads words without link targets, marks or case', () => {
    expect(words('Проверьте **штрафы** [по СТС](/po-sts/), Ёлки!')).toEqual(['проверьте', 'штрафы', 'по', 'стс', 'елки']);
  });

  it('judges prose only: headings, sources lines and short lines are left out', () => {
    expect(judgedParagraphs(`## Заголовок\n\n${ownA}\n\nКоротко.\n\nИсточники: КоАП РФ, ст. 32.2, ст. 12.9 и ещё много других актов и статей закона.`)).toEqual([ownA]);
  });

  it('flags a paragraph that two pages share, and measures the share of each page', () => {
    const [a, b, c] = [
      { id: 'a', text: `${ownA}\n\n${shared}` },
      { id: 'b', text: `${ownB}\n\n${shared.replace('картой', 'банковской картой')}` },
      { id: 'c', text: ownA.replace('Казань', 'Город') },
    ];
    const results = pageRepetition([a, b]);
    expect(results.map((r) => r.id).sort()).toEqual(['a', 'b']);
    for (const result of results) {
      expect(result.repeated).toHaveLength(1);
      expect(result.share).toBeGreaterThan(0.3);
      expect(result.share).toBeLessThan(0.7);
    }
    expect(results.find((r) => r.id === 'a')?.repeated[0]?.alsoOn).toBe('b');
    expect(pageRepetition([b, c]).every((r) => r.share === 0)).toBe(true);
    // c re-words a's own paragraph: a is now wholly repeated, b only by half.
    expect(repetitiveParagraphPages([a, b, c], 0.6).map((r) => r.id)).toEqual(['a', 'c']);
  });
});

describe('the content', () => {
  it(`has no page with more than ${PAGE_THRESHOLD * 100} % of its words in paragraphs of other pages (npm run content:check lists them)`, () => {
    const pages = readContent().map((entry) => ({ id: entry.file, text: fillFacts(mainText(entry)) }));
    expect(repetitiveParagraphPages(pages).map((page) => `${page.id}: ${Math.round(page.share * 100)} %`)).toEqual([]);
  });
});
