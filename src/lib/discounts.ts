import { addDays, isIsoDate, moscowToday } from './isoDate.ts';
import { earliestEntryIntoForce, earliestPaymentDeadline } from './entryIntoForce.ts';
import { roundKopecks } from './money.ts';

// Sources (КоАП РФ = Кодекс Российской Федерации об административных правонарушениях):
// - 25 % within 30 days: КоАП ст. 32.2 ч. 1.3 as amended by Федеральный закон от 26.12.2024
//   № 490-ФЗ, in force from 01.01.2025: the grace period grew from 20 to 30 days from the day the
//   ruling was issued and the discount fell from 50 % to 25 %. The new wording does not apply to
//   rulings issued before the law took effect, hence the boundary on the ruling date.
// - 50 % within 20 days: the same part in the wording of Федеральный закон от 31.12.2014 № 437-ФЗ,
//   in force 01.01.2016 – 31.12.2024; applies to rulings dated up to 31.12.2024.
// - Both versions cover chapter 12 (traffic) only and exclude the articles in
//   DISCOUNT_EXCLUDED_ARTICLES; no discount either when payment was deferred or split in
//   instalments (КоАП ст. 31.5) — we do not know that, the caller does.
// - Counting days: КоАП ст. 4.8 ч. 1 — a period starts the day after the ruling date, so 20 days
//   from a ruling of 01.03 end on 21.03 (ruling date + 20) and 30 days on 31.03 (ruling + 30). КоАП
//   4.8 ч. 3 moves the end off a non-working day; we do not, having no production calendar, so the
//   day we show is never later than the real one.
// - Taking effect and the payment deadline: computed in entryIntoForce.ts (the rule is explained
//   there); both are the earliest possible days, shown as 'не ранее …'.

/** Rulings dated on or after this day get the 25 %/30-day discount (490-ФЗ in force). */
export const DISCOUNT_25_FROM = '2025-01-01';

/** Articles (and parts) of chapter 12 that КоАП ст. 32.2 ч. 1.3 excludes from the discount, in our 'article.part' code. */
export const DISCOUNT_EXCLUDED_ARTICLES = [
  { code: '12.1.1.1', title: 'ч. 1.1 ст. 12.1 — повторное управление незарегистрированным ТС' },
  { code: '12.8', title: 'ст. 12.8 — управление ТС в состоянии опьянения, передача управления' },
  { code: '12.9.6', title: 'ч. 6 ст. 12.9 — повторное превышение скорости на 40–60 км/ч' },
  { code: '12.9.7', title: 'ч. 7 ст. 12.9 — повторное превышение скорости более чем на 60 км/ч' },
  { code: '12.12.3', title: 'ч. 3 ст. 12.12 — повторный проезд на запрещающий сигнал' },
  { code: '12.15.5', title: 'ч. 5 ст. 12.15 — повторный выезд на встречную полосу' },
  { code: '12.16.3.1', title: 'ч. 3.1 ст. 12.16 — повторное движение во встречном направлении по односторонней' },
  { code: '12.24', title: 'ст. 12.24 — нарушение ПДД, повлёкшее лёгкий или средний вред здоровью' },
  { code: '12.26', title: 'ст. 12.26 — отказ от медицинского освидетельствования' },
  { code: '12.27.3', title: 'ч. 3 ст. 12.27 — употребление алкоголя после ДТП до освидетельствования' },
] as const;

/**
 * Our article code from the ways a ruling writes it: '12.9.2', '12.9 ч.2', 'ч. 2 ст. 12.9 КоАП РФ',
 * 'ст. 12.9 ч. 2' → '12.9.2' (article, then part, joined by dots); '' when no article is found.
 */
export function articleCode(text: string): string {
  const t = text.trim().toLowerCase();
  const num = String.raw`(\d+(?:\.\d+)*)`;
  const partThenArticle = new RegExp(String.raw`ч(?:асть|\.)?\s*${num}\s*,?\s*ст(?:атьи|атья|\.)?\s*${num}`).exec(t);
  if (partThenArticle !== null) return `${partThenArticle[2] ?? ''}.${partThenArticle[1] ?? ''}`;
  const articleThenPart = new RegExp(String.raw`^(?:ст(?:атья|\.)?\s*)?${num}\s*,?\s*ч(?:асть|\.)?\s*${num}`).exec(t);
  if (articleThenPart !== null) return `${articleThenPart[1] ?? ''}.${articleThenPart[2] ?? ''}`;
  const plain = new RegExp(String.raw`^(?:ст(?:атья|\.)?\s*)?(\d+\.\d+(?:\.\d+)*)`).exec(t);
  return plain?.[1] ?? '';
}

/** Whether КоАП ст. 32.2 ч. 1.3 excludes the article (any part of a whole excluded article, e.g. '12.8.1'). */
export function isDiscountExcluded(article: string): boolean {
  const code = articleCode(article);
  return DISCOUNT_EXCLUDED_ARTICLES.some((entry) => code === entry.code || code.startsWith(`${entry.code}.`));
}

/** Whether the article may get the discount at all: chapter 12 and not excluded; an unreadable article gets none (paying in full is the safe side). */
export function isDiscountEligible(article: string): boolean {
  const code = articleCode(article);
  return code.startsWith('12.') && !isDiscountExcluded(code);
}

/** What fineAmounts needs: dates as 'YYYY-MM-DD', the amount in roubles. */
export interface FineAmountsInput {
  readonly rulingDate: string;
  readonly article: string;
  readonly amount: number;
  /** Today as 'YYYY-MM-DD'; defaults to today in Europe/Moscow. */
  readonly today?: string | undefined;
}

/** The amounts and dates of one fine. */
export interface FineAmounts {
  /** The fine as imposed, roubles. */
  readonly fullAmount: number;
  /** The discount the ruling is entitled to (0 when the article is excluded), whether or not it has run out. */
  readonly discountPercent: 0 | 25 | 50;
  /** The last day the discount can be used, or null when there is none. */
  readonly discountLastDay: string | null;
  /** Whether `today` is on or before discountLastDay. */
  readonly discountActive: boolean;
  /** What to pay today: the discounted amount while the discount is active, else the full amount. */
  readonly amountToPay: number;
  /** Earliest day the ruling can take effect (entryIntoForce.ts): ruling date + 11 days. */
  readonly effectiveDate: string;
  /** Earliest last day to pay without breaking КоАП ст. 20.25: effectiveDate + 60 days. */
  readonly paymentDeadline: string;
}

/** Discount, amount to pay and deadlines of a fine (rules and sources at the top of this file); throws RangeError on a bad date or amount. */
export function fineAmounts(input: FineAmountsInput): FineAmounts {
  const { rulingDate, article, amount } = input;
  const today = input.today ?? moscowToday();
  if (!isIsoDate(rulingDate)) throw new RangeError(`rulingDate is not 'YYYY-MM-DD': '${String(rulingDate).slice(0, 40)}'`);
  if (!isIsoDate(today)) throw new RangeError(`today is not 'YYYY-MM-DD': '${String(today).slice(0, 40)}'`);
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`amount must be a finite number ≥ 0, got ${amount}`);

  const fullAmount = roundKopecks(amount);
  const effectiveDate = earliestEntryIntoForce(rulingDate);
  const paymentDeadline = earliestPaymentDeadline(rulingDate);
  const newRule = rulingDate >= DISCOUNT_25_FROM;
  const discountPercent = isDiscountEligible(article) ? (newRule ? 25 : 50) : 0;
  const discountLastDay = discountPercent === 0 ? null : addDays(rulingDate, newRule ? 30 : 20);
  const discountActive = discountLastDay !== null && today <= discountLastDay;
  const amountToPay = discountActive ? roundKopecks((fullAmount * (100 - discountPercent)) / 100) : fullAmount;
  return { fullAmount, discountPercent, discountLastDay, discountActive, amountToPay, effectiveDate, paymentDeadline };
}
