import { BUSINESS_TERMS } from './businessTerms.ts';

// The cashback programme's rules that the service enforces (content/rules/cashback-rules.json, §5),
// with the business's figures from content/settings/business.json — the same ones the pages state.

/** A request is accepted within this many days of the payment (rules §5.3). */
export const CASHBACK_REQUEST_DAYS = BUSINESS_TERMS.cashback.requestDays;

/** The longest description a request may carry. */
export const CASHBACK_DESCRIPTION_MAX = 1_000;

/** Whether a payment finished at `paidAt` may still get a cashback request at `now`. */
export function cashbackOpen(paidAt: Date, now: Date): boolean {
  return now.getTime() - paidAt.getTime() <= CASHBACK_REQUEST_DAYS * 86_400_000;
}
