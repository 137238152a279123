import { LEGAL_FACT_RECORDS, LEGAL_FACTS, valueOn } from '../legalFacts/facts.ts';
import { lawDay } from '../legalFacts/lawDay.ts';
import { koapCitation } from '../koapCitation.ts';

// Checks that what content says about the law matches src/lib/legalFacts: rouble amounts stated next
// to one КоАП part, the европротокол limits, the number of КБМ classes, and a sources line at the end
// of every text that states law.

/** One mismatch found in a text. */
export interface Claim {
  readonly sentence: string;
  readonly problem: string;
}

/** Sentences of a text (Markdown lines split on sentence ends). */
export function sentences(text: string): string[] {
  return text.split(/\n+|(?<=[.!?])\s+(?=[А-ЯЁA-Z«(])/).map((s) => s.trim()).filter((s) => s !== '');
}

/** Rouble amounts written in a sentence: '1 500 ₽', '5000 рублей', '100 тысяч рублей'. */
export function roubleAmounts(sentence: string): number[] {
  const out: number[] = [];
  for (const m of sentence.matchAll(/(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[ \u00a0]*(тыс(?:яч|\.)?|млн))?[ \u00a0]*(₽|руб)/g)) {
    const base = Number((m[1] ?? '').replace(/\D/g, ''));
    out.push(m[2] === undefined ? base : m[2] === 'млн' ? base * 1_000_000 : base * 1000);
  }
  return out;
}

/** Our article codes cited in a sentence: 'ч. 2 ст. 12.9' → '12.9.2', 'ст. 12.6' → '12.6'. */
export function citedArticles(sentence: string): string[] {
  const out: string[] = [];
  for (const m of sentence.matchAll(/ч\.\s*(\d+(?:\.\d+)?)\s+(?:ст\.|статьи)\s*(12\.\d+(?:\.\d+)?)/g)) out.push(`${m[2] ?? ''}.${m[1] ?? ''}`);
  for (const m of sentence.matchAll(/(?:ст\.|статьи|статья)\s*(12\.\d+(?:\.\d+)?)\s*ч\.\s*(\d+(?:\.\d+)?)/g)) out.push(`${m[1] ?? ''}.${m[2] ?? ''}`);
  return out;
}

/**
 * Amounts the module knows for an article code on a day: the citizen's fine in force that day, the
 * amounts of changes already announced for a later day, and, for a range, its top (fineMax.<code>).
 */
function knownAmounts(code: string, day: string): number[] | undefined {
  const fact = LEGAL_FACT_RECORDS[`fine.${code}`];
  const max = LEGAL_FACT_RECORDS[`fineMax.${code}`];
  if (fact === undefined) return undefined;
  const later = (fact.changes ?? []).filter((change) => change.from > day).map((_change, index, list) => Number(list[index + 1]?.before ?? fact.value));
  return [Number(valueOn(fact, day)), ...later, ...(max === undefined ? [] : [Number(valueOn(max, day))])];
}

/** Amount claims that differ from the module on `day` (the build's, or a news item's date): a sentence citing exactly one known part and one amount. */
export function amountMismatches(text: string, day: string = lawDay()): Claim[] {
  const out: Claim[] = [];
  for (const sentence of sentences(text)) {
    const codes = [...new Set(citedArticles(sentence))];
    const amounts = roubleAmounts(sentence);
    if (codes.length !== 1 || amounts.length !== 1) continue;
    const code = codes[0] ?? '';
    const known = knownAmounts(code, day);
    const amount = amounts[0] ?? 0;
    if (known !== undefined && !known.includes(amount) && !/юрид|должност|предпринимател|организац|компани/i.test(sentence)) {
      out.push({ sentence, problem: `${koapCitation(code)}: ${amount} ₽, в legalFacts ${known.join(', ')} ₽` });
    }
  }
  return out;
}

/** Европротокол sentences with a limit the module does not hold. */
export function europrotocolMismatches(text: string): Claim[] {
  const limits = [Number(LEGAL_FACTS['europrotocol.paper']?.value), Number(LEGAL_FACTS['europrotocol.app']?.value), Number(LEGAL_FACTS['osago.health']?.value)];
  return sentences(text)
    .filter((s) => /европротокол|извещени[ея] о ДТП/i.test(s))
    .flatMap((s) => roubleAmounts(s).filter((a) => a >= 10_000 && !limits.includes(a)).map((a) => ({ sentence: s, problem: `лимит ${a} ₽ не из legalFacts` })));
}

/** КБМ sentences that give another number of classes. */
export function kbmMismatches(text: string): Claim[] {
  const count = Number(LEGAL_FACTS['kbm.classCount']?.value);
  return sentences(text)
    .filter((s) => /КБМ|бонус-малус/i.test(s) || /класс/.test(s))
    .flatMap((s) => [...s.matchAll(/(\d+)\s+класс(?:ов|а)(?![а-яё])/g)].filter((m) => /КБМ|бонус|«М»/.test(text) && Number(m[1]) !== count && Number(m[1]) > 13).map((m) => ({ sentence: s, problem: `${m[1]} классов КБМ, в legalFacts ${count}` })));
}

/** Sentences about the legal discount on a fine (not cashback, insurance or tax discounts). */
function discountSentences(text: string): string[] {
  return sentences(text).filter((s) => /скидк/i.test(s) && /штраф|постановлени/i.test(s) && !/кешб|кэшб|ОСАГО|КБМ|полис|налог/i.test(s));
}

/** Sentences about the legal discount on a fine that give a share or term other than legalFacts'. */
export function discountMismatches(text: string): Claim[] {
  const shares = [Number(LEGAL_FACTS['discount.share']?.value), Number(LEGAL_FACTS['discount.legacyShare']?.value)];
  const terms = [Number(LEGAL_FACTS['discount.days']?.value), Number(LEGAL_FACTS['discount.legacyDays']?.value)];
  return discountSentences(text)
    .flatMap((s) => [
      ...[...s.matchAll(/скидк\S*\s+(?:в\s+)?(\d+)\s?%/gi)].filter((m) => !shares.includes(Number(m[1]))).map((m) => ({ sentence: s, problem: `скидка ${m[1]} %, в legalFacts ${shares.join(' или ')} %` })),
      ...[...s.matchAll(/скидк[^.,;]*?в течение\s+(\d+)\s+(?:календарных\s+)?дн/gi)].filter((m) => !terms.includes(Number(m[1]))).map((m) => ({ sentence: s, problem: `срок скидки ${m[1]} дней, в legalFacts ${terms.join(' или ')}` })),
    ]);
}

/** Sentences of the paragraphs that speak of the legal discount on a fine (a paragraph ending in ':' goes with the list after it). */
function discountParagraphSentences(text: string): string[] {
  return text
    .split(/(?<!:)\n\s*\n/)
    .filter((block) => discountSentences(block).length > 0)
    .flatMap((block) => sentences(block));
}

/** Sentences about a fine that write one of the discount's shares (25, 50 or 75 %) as a number, whether or not they say "скидка". */
function fineShareSentences(text: string): string[] {
  return sentences(text).filter((s) => /штраф|постановлени/i.test(s) && !/кешб|кэшб|ОСАГО|КБМ|полис|налог/i.test(s) && /(?<!\d)(?:25|50|75)\s?%/.test(s));
}

/** Discount paragraphs of an unfilled text that write a share or a term as a literal instead of a {{fact:discount.…}} placeholder. */
export function literalDiscountFigures(text: string): Claim[] {
  const flagged = [...new Set([...discountParagraphSentences(text), ...fineShareSentences(text)])];
  return flagged.flatMap((s) =>
    [...s.matchAll(/\d+\s?%|(?<!\d)(?:20|30)\s+(?:календарных\s+)?дн/gi)].map((m) => ({ sentence: s, problem: `«${m[0]}» написано числом: нужна подстановка {{fact:discount.…}}` })),
  );
}

/** Sentences about the bailiffs' enforcement fee (исполнительский сбор) with a share or a minimum the module does not hold. */
export function enforcementFeeMismatches(text: string): Claim[] {
  const percent = Number(LEGAL_FACTS['fssp.feePercent']?.value);
  const minimums = [Number(LEGAL_FACTS['fssp.feeMinCitizen']?.value), Number(LEGAL_FACTS['fssp.feeMinOrganization']?.value)];
  return sentences(text)
    .filter((s) => /исполнительск\S* сбор/i.test(s))
    .flatMap((s) => [
      ...[...s.matchAll(/(\d+)\s?%/g)].filter((m) => Number(m[1]) !== percent).map((m) => ({ sentence: s, problem: `исполнительский сбор ${m[1]} %, в legalFacts ${percent} %` })),
      ...(/не мене|не меньше|минимум/i.test(s) ? roubleAmounts(s) : []).filter((a) => !minimums.includes(a)).map((a) => ({ sentence: s, problem: `минимум сбора ${a} ₽, в legalFacts ${minimums.join(' или ')} ₽` })),
    ]);
}

/** Whether a text states law: it cites a КоАП article, a federal law or a Банк России act. */
export function statesLaw(text: string): boolean {
  return /КоАП|\d+-ФЗ|ст\.\s*\d+\.\d+|стать(?:я|и|ёй|ей)\s+\d+\.\d+|Указани[ея] Банка России/.test(text);
}

/** Whether the text ends with a sources line ('Источники: …'). */
export function hasSources(text: string): boolean {
  const last = text.trim().split(/\n+/).pop() ?? '';
  return /^Источники?:\s+\S/.test(last);
}

/** Sentences that send a policy or КБМ check to РСА, on their own or in a section about the policy or КБМ (a list under «Как проверить свой КБМ»): the АИС ОСАГО is run by НСИС (issue 28). */
export function rsaPolicyChecks(text: string): Claim[] {
  const rsa = /(?<![А-ЯЁ])РСА(?![А-ЯЁ])|Российск\S*\s+союз\S*\s+автостраховщиков|autoins\.ru/i;
  const topic = /полис|КБМ|бонус|коэффициент/i;
  return text.split(/\n(?=#{2,4}\s)/).flatMap((section) =>
    sentences(section)
      .filter((s) => rsa.test(s))
      .filter((s) => topic.test(s) || /(?<![а-яё])баз[аеуыо]/i.test(s) || (/сайт|провер/i.test(s) && topic.test(section)))
      .map((s) => ({ sentence: s, problem: `проверка полиса или КБМ отправлена в РСА, а АИС ОСАГО ведёт ${String(LEGAL_FACTS['osago.database']?.value)}` })),
  );
}

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** Dates written '1 января 2025 года' or '01.01.2025' in a sentence, as 'YYYY-MM-DD'. */
export function writtenDates(sentence: string): string[] {
  const out: string[] = [];
  for (const m of sentence.matchAll(/(?<!\d)(\d{1,2})(?:\s|\u00a0)+(января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)(?:\s|\u00a0)+(\d{4})/g)) {
    out.push(`${m[3] ?? ''}-${String(MONTHS.indexOf(m[2] ?? '') + 1).padStart(2, '0')}-${(m[1] ?? '').padStart(2, '0')}`);
  }
  for (const m of sentence.matchAll(/(?<!\d)(\d{2})\.(\d{2})\.(\d{4})(?!\d)/g)) out.push(`${m[3] ?? ''}-${m[2] ?? ''}-${m[1] ?? ''}`);
  return out;
}

/** The days changes of law took effect, by article code and by act number ('490-ФЗ'). */
function changeDays(): Map<string, Set<string>> {
  const days = new Map<string, Set<string>>();
  const add = (key: string, day: string) => days.set(key, (days.get(key) ?? new Set()).add(day));
  for (const fact of Object.values(LEGAL_FACT_RECORDS)) {
    for (const change of fact.changes ?? []) {
      if (fact.article !== undefined) add(fact.article, change.from);
      const act = change.act.match(/№\s*(\d+-ФЗ)/)?.[1];
      if (act !== undefined) add(act, change.from);
    }
  }
  return days;
}

/**
 * Sentences that say a change took effect «с <date>» for one article or one act whose change
 * legalFacts records, with another date than the module's.
 */
export function dateMismatches(text: string): Claim[] {
  const days = changeDays();
  const out: Claim[] = [];
  for (const sentence of sentences(text)) {
    const keys = [...new Set([...citedArticles(sentence), ...[...sentence.matchAll(/(\d+-ФЗ)/g)].map((m) => m[1] ?? '')])].filter((key) => days.has(key));
    if (keys.length !== 1 || !/(?:^|\s)(?:с|со)\s+\d/i.test(sentence)) continue;
    const key = keys[0] ?? '';
    const known = days.get(key) ?? new Set<string>();
    const effective = [...sentence.matchAll(/(?:^|\s)(?:с|со)\s+(\d{1,2}(?:\s|\u00a0)+[а-я]+(?:\s|\u00a0)+\d{4}|\d{2}\.\d{2}\.\d{4})/gi)].flatMap((m) => writtenDates(m[1] ?? ''));
    for (const day of effective) if (!known.has(day)) out.push({ sentence, problem: `${key}: дата ${day}, в legalFacts ${[...known].join(', ')}` });
  }
  return out;
}

/** Problems of the module's own records: a fact without a dated source, without a valid check date, or checked more than a year before `day`. */
export function factProblems(records: Readonly<Record<string, { readonly source: string; readonly checked: string; readonly changes?: readonly { readonly from: string; readonly act: string }[] }>>, day: string, yearAgo: string): string[] {
  const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
  const dated = (source: string) => /\d{2}\.\d{2}\.\d{4}/.test(source);
  return Object.entries(records).flatMap(([id, fact]) => [
    ...(fact.source.trim() === '' ? [`${id}: нет источника`] : dated(fact.source) ? [] : [`${id}: у источника нет даты акта`]),
    ...(!isDay(fact.checked) ? [`${id}: нет даты проверки`] : fact.checked < yearAgo ? [`${id}: проверен ${fact.checked}, больше года назад`] : fact.checked > day ? [`${id}: дата проверки ${fact.checked} позже сборки`] : []),
    ...(fact.changes ?? []).flatMap((change) => [...(isDay(change.from) ? [] : [`${id}: у изменения нет даты`]), ...(dated(change.act) ? [] : [`${id}: у изменения нет акта с датой`])]),
  ]);
}
