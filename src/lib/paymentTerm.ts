// Whether an unpaid fine is still within its payment term, and what happens when it is not.
// - A fine is paid within 60 days after its ruling enters into force (КоАП ст. 32.2 ч. 1); the API's
//   paymentDeadline is the last of those days for a ruling delivered at once (src/lib/entryIntoForce.ts).
// - Not paying in time is an offence of its own (КоАП ст. 20.25 ч. 1): a fine of twice the unpaid
//   amount but not less than 1 000 ₽, or arrest up to 15 days, or compulsory works up to 50 hours;
//   the ruling goes to the bailiffs (ФССП) for collection (ст. 32.2 ч. 5).
// - Paying late still pays the fine, and the receipt is what a court or a bailiff asks for.

/** КоАП ст. 20.25 ч. 1: the late-payment fine is twice the unpaid one, at least this many roubles. */
export const LATE_PENALTY_MIN = 1_000;

/** An unpaid fine's term: still open until its last day, or over since the day after it. */
export type PaymentTerm = { kind: 'open'; lastDay: string } | { kind: 'overdue'; lastDay: string; daysOver: number };

/** Days from one ISO date to another (positive when `to` is later). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The term of an unpaid fine with this last day ('YYYY-MM-DD') on `today` ('YYYY-MM-DD', Moscow): the last day itself is still in time. */
export function paymentTerm(lastDay: string, today: string): PaymentTerm {
  const over = daysBetween(lastDay, today);
  return over > 0 ? { kind: 'overdue', lastDay, daysOver: over } : { kind: 'open', lastDay };
}

/** The fine КоАП ст. 20.25 ч. 1 sets for not paying `unpaid` roubles in time: twice the amount, at least 1 000 ₽. */
export function latePenalty(unpaid: number): number {
  return Math.max(LATE_PENALTY_MIN, Math.round(unpaid * 2 * 100) / 100);
}
