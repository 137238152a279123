import { koapArticle } from './koapArticles.ts';
import { LEGAL_FACTS } from './legalFacts/facts.ts';
import { LATE_PENALTY_MIN } from './paymentTerm.ts';

// The lost-profit calculator of /your-lost-profit/ (issue 12): what a fleet loses in a year by paying
// fines late. Two losses, both from the law: a fine paid after the discount window costs the discount
// it could have had (КоАП ст. 32.2 ч. 1.3), and a fine not paid within 60 days of entering into force
// brings a second fine of twice the unpaid amount, at least 1 000 ₽ (КоАП ст. 20.25 ч. 1).

/** What the fleet tells the calculator. */
export type LostProfitInput = {
  /** Fines the whole fleet gets a month. */
  finesPerMonth: number;
  /** Average fine, roubles. */
  averageFine: number;
  /** Share of fines paid after the discount window, percent (0–100). */
  paidLatePercent: number;
  /** Share of fines not paid within the legal term at all, percent (0–100, at most paidLatePercent). */
  overduePercent: number;
};

/** The year's losses, roubles, with the counts behind them. */
export type LostProfit = {
  finesPerYear: number;
  /** Fines paid without the discount they could have had. */
  lateFines: number;
  /** Fines that drew a second fine under КоАП 20.25. */
  overdueFines: number;
  missedDiscounts: number;
  penalties: number;
  total: number;
};

/** The legal discount, percent (25 % for rulings since 2025). */
export const DISCOUNT_PERCENT = Number(LEGAL_FACTS['discount.share']?.value ?? 25);

/** КоАП ст. 20.25 ч. 1: twice the unpaid fine, at least this many roubles (kept with the payment-term rule, src/lib/paymentTerm.ts). */
export { LATE_PENALTY_MIN };

/** The default average fine: ч. 2 ст. 12.9 КоАП (speeding by 20–40 km/h), the usual camera fine. */
export const DEFAULT_AVERAGE_FINE = koapArticle('12.9.2')?.amount ?? 750;

/** The input's problems by field, in Russian (none when it can be computed). */
export function checkLostProfitInput(input: LostProfitInput): Partial<Record<keyof LostProfitInput, string>> {
  const errors: Partial<Record<keyof LostProfitInput, string>> = {};
  if (!Number.isInteger(input.finesPerMonth) || input.finesPerMonth < 1 || input.finesPerMonth > 100_000) errors.finesPerMonth = 'Число штрафов в месяц — от 1 до 100 000';
  if (!Number.isFinite(input.averageFine) || input.averageFine < 100 || input.averageFine > 1_000_000) errors.averageFine = 'Средний штраф — от 100 до 1 000 000 ₽';
  if (!Number.isFinite(input.paidLatePercent) || input.paidLatePercent < 0 || input.paidLatePercent > 100) errors.paidLatePercent = 'Доля — от 0 до 100 %';
  if (!Number.isFinite(input.overduePercent) || input.overduePercent < 0 || input.overduePercent > 100) errors.overduePercent = 'Доля — от 0 до 100 %';
  else if (input.overduePercent > input.paidLatePercent) errors.overduePercent = 'Не больше доли штрафов, оплаченных без скидки: неоплаченный штраф скидку тоже теряет';
  return errors;
}

/** The year's losses (whole roubles, rounded). */
export function lostProfit(input: LostProfitInput): LostProfit {
  const finesPerYear = input.finesPerMonth * 12;
  const lateFines = (finesPerYear * input.paidLatePercent) / 100;
  const overdueFines = (finesPerYear * input.overduePercent) / 100;
  const missedDiscounts = Math.round((lateFines * input.averageFine * DISCOUNT_PERCENT) / 100);
  const penalties = Math.round(overdueFines * Math.max(2 * input.averageFine, LATE_PENALTY_MIN));
  return { finesPerYear, lateFines: Math.round(lateFines), overdueFines: Math.round(overdueFines), missedDiscounts, penalties, total: missedDiscounts + penalties };
}
