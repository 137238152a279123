import type { Fine } from '../api/structs/fine.ts';
import { formatDate, formatDateLong, toDate } from '../lib/dates.ts';
import { formatRub } from '../lib/money.ts';
import { paymentTerm } from '../lib/paymentTerm.ts';

// How a fine is worded on the list and on its page. Pure functions over the API's Fine.

/** '28.10.2026, 14:07': the time on the clock at the place of the violation (the offset is not applied to the visitor's zone). */
export function violationTimeLabel(violationAt: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(violationAt);
  if (match === null) return violationAt;
  return `${formatDate(match[1] ?? '')}, ${match[2] ?? ''}`;
}

/** '12 декабря' this year, '12 декабря 2027' in another. */
export function dayLabel(isoDate: string, now: Date = new Date()): string {
  const date = toDate(isoDate);
  const long = formatDateLong(isoDate);
  return date !== undefined && date.getFullYear() === now.getFullYear() ? long.replace(/\s\d{4}$/, '') : long;
}

/** 'Скидка 25 % до 12 декабря' while the discount runs; 'Скидка 25 % закончилась 12 декабря' after; '' without one or when paid. */
export function discountLabel(fine: Fine, now: Date = new Date()): string {
  if (fine.paid || fine.discountPercent === 0 || fine.discountLastDay === null) return '';
  const day = dayLabel(fine.discountLastDay, now);
  return fine.discountActive ? `Скидка ${fine.discountPercent} % до ${day}` : `Скидка ${fine.discountPercent} % закончилась ${day}`;
}

/** The amount to show first and, while a discount runs, the full amount crossed out beside it. */
export function amountLabels(fine: Fine): { toPay: string; full: string | undefined } {
  const discounted = !fine.paid && fine.discountActive && fine.amountToPay < fine.fullAmount;
  return { toPay: formatRub(discounted ? fine.amountToPay : fine.fullAmount), full: discounted ? formatRub(fine.fullAmount) : undefined };
}

/** Coordinates as text, the way maps accept them: '55.790000, 37.530000'. */
export function coordinatesLabel(fine: Fine): string {
  return `${fine.place.lat.toFixed(6)}, ${fine.place.lon.toFixed(6)}`;
}

/** The sum still to pay over unpaid fines. */
export function totalToPay(fines: readonly Fine[]): number {
  return fines.filter((fine) => !fine.paid).reduce((sum, fine) => sum + fine.amountToPay, 0);
}

/** The fines with the unpaid ones first; within each group the order stays as it was. */
export function unpaidFirst<T extends Pick<Fine, 'paid'>>(fines: readonly T[]): T[] {
  return [...fines.filter((fine) => !fine.paid), ...fines.filter((fine) => fine.paid)];
}

/** What the small map's caption says about cameras nearby: a camera's ruling is never told «камер рядом нет» beside its own photo (issue 24, item 12). */
export function camerasNearText(near: number | undefined, byCamera: boolean): string {
  if (near === undefined) return 'Ищем камеры рядом…';
  if (near > 0) return `Камер рядом с местом нарушения: ${near}.`;
  return byCamera ? '' : 'Камер рядом с местом нарушения в нашей базе нет.';
}

/** Whether an unpaid fine is past its payment term on `today` ('YYYY-MM-DD', Moscow). */
export function isOverdue(fine: Pick<Fine, 'paid' | 'paymentDeadline'>, today: string): boolean {
  return !fine.paid && paymentTerm(fine.paymentDeadline, today).kind === 'overdue';
}
