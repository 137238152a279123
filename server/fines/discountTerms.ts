import { fineAmounts } from '../../src/lib/discounts.ts';

/**
 * What a ruling's discount is, fixed when the ruling is stored (src/lib/discounts.ts decides it): how
 * many days after the ruling it lasts (0: none), and the sums with and without it, in kopecks. Queries
 * over many fines (a fleet) then only compare today's date with the ruling date plus those days.
 */
export type DiscountTerms = { discountDays: number; discountKopecks: number; fullKopecks: number };

/** The discount terms of a ruling of `rulingDate` under `article` for `amount` roubles. */
export function discountTerms(rulingDate: string, article: string, amount: number): DiscountTerms {
  const terms = fineAmounts({ rulingDate, article, amount, today: rulingDate });
  const days = terms.discountLastDay === null ? 0 : Math.round((Date.parse(`${terms.discountLastDay}T00:00:00Z`) - Date.parse(`${rulingDate}T00:00:00Z`)) / 86_400_000);
  return { discountDays: days, discountKopecks: Math.round(terms.amountToPay * 100), fullKopecks: Math.round(terms.fullAmount * 100) };
}
