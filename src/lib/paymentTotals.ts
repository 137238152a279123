// What a payment costs: the fines at today's amounts, the service's commission and the total. One
// module for the checkout page and the server, so the page shows exactly what is charged.

import { BUSINESS_TERMS } from './businessTerms.ts';
import { groupThousands } from './money.ts';
import { withNbsp } from './text.ts';

/** The commission: a share of the amount, with a floor (PAYMENT_COMMISSION_PERCENT, PAYMENT_COMMISSION_MIN). */
export type CommissionRule = { percent: number; minKopecks: number };

/** The default commission, from content/settings/business.json (2.5 %, at least 30 ₽ in the repository's test values). */
export const DEFAULT_COMMISSION: CommissionRule = { percent: BUSINESS_TERMS.commission.percent, minKopecks: Math.round(BUSINESS_TERMS.commission.minRub * 100) };

/** At most this many fines in one payment. */
export const MAX_PAYMENT_ITEMS = 50;

/** The commission on an amount, in whole kopecks, rounded up; nothing on nothing. */
export function commissionKopecks(amountKopecks: number, rule: CommissionRule): number {
  if (amountKopecks <= 0) return 0;
  return Math.max(rule.minKopecks, Math.ceil((amountKopecks * rule.percent) / 100));
}

/** The sum of the items, the commission on it, and what the payer is charged. */
export type PaymentTotals = { amountKopecks: number; commissionKopecks: number; totalKopecks: number };

/** Totals of a payment of these items. */
export function paymentTotals(items: readonly { amountKopecks: number }[], rule: CommissionRule): PaymentTotals {
  const amount = items.reduce((sum, item) => sum + item.amountKopecks, 0);
  const commission = commissionKopecks(amount, rule);
  return { amountKopecks: amount, commissionKopecks: commission, totalKopecks: amount + commission };
}

/** Kopecks as roubles for people: 123456 → '1 234,56 ₽', 50000 → '500 ₽'. */
export function formatKopecks(kopecks: number): string {
  const roubles = Math.floor(kopecks / 100);
  const rest = kopecks % 100;
  return withNbsp(`${groupThousands(roubles)}${rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`} ₽`);
}

/** The rule in words, shown before paying: '2,5 %, но не меньше 30 ₽'. */
export function describeCommission(rule: CommissionRule): string {
  return `${String(rule.percent).replace('.', ',')}\u00a0%, но не меньше ${formatKopecks(rule.minKopecks)}`;
}
