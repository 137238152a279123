import { addDays } from './isoDate.ts';
import { formatDate } from './dates.ts';

// When a ruling on a fine enters into force (the one place this is computed; rule and sources):
// - A ruling may be appealed within 10 days of the day its copy was delivered or received, or of the
//   day the undelivered copy came back to the sender (КоАП РФ ст. 30.3 ч. 1, ст. 31.1 ч. 1 п. 1).
// - Days are counted from the day after that event (ст. 4.8 ч. 1), so the appeal period ends on
//   received + 10; when that day is not a working day it moves to the next working day (ст. 4.8 ч. 3).
// - The ruling enters into force the day after the appeal period ends: received + 11 at the earliest.
// - The copy cannot be received before the ruling was issued, so when we only know the ruling date the
//   earliest possible day is ruling date + 11, and we show it as 'не ранее …'.
// - Unpaid fines fall due 60 days after that day (КоАП ст. 32.2 ч. 1), so that date is also 'не ранее'.

/** Days allowed to appeal a ruling (КоАП ст. 30.3 ч. 1). */
export const APPEAL_DAYS = 10;

/** Days to pay a fine after the ruling enters into force (КоАП ст. 32.2 ч. 1). */
export const PAYMENT_DAYS = 60;

/** The rule in plain Russian, for the pages that show the date. */
export const ENTRY_INTO_FORCE_RULE =
  'Постановление вступает в силу на следующий день после окончания 10 дней на обжалование. Эти 10 дней считают со дня, ' +
  'когда копию постановления вручили или получили либо когда неврученное письмо вернулось отправителю (ст. 30.3 и 31.1 КоАП РФ). ' +
  'Мы знаем только дату постановления, поэтому показываем самую раннюю возможную дату.';

/** Earliest day ('YYYY-MM-DD') the ruling can enter into force: the day after 10 days counted from receipt (or the ruling date when receipt is unknown). */
export function earliestEntryIntoForce(rulingDate: string, receivedDate?: string): string {
  const from = receivedDate !== undefined && receivedDate > rulingDate ? receivedDate : rulingDate;
  return addDays(from, APPEAL_DAYS + 1);
}

/** Earliest last day to pay the fine in full: 60 days after the earliest entry into force. */
export function earliestPaymentDeadline(rulingDate: string, receivedDate?: string): string {
  return addDays(earliestEntryIntoForce(rulingDate, receivedDate), PAYMENT_DAYS);
}

/** 'не ранее 12.03.2026' for an ISO date. */
export function notEarlierThan(isoDate: string): string {
  return `не ранее ${formatDate(isoDate)}`;
}
