import { format, isValid, parseISO, type Locale } from 'date-fns';
import { ru } from 'date-fns/locale/ru';
import { parseRuDate } from './ruDate.ts';

export { isValidDocumentDate, MIN_DOCUMENT_DATE, parseRuDate } from './ruDate.ts';

// Dates are shown in the runtime's local time zone (the visitor's browser, or the server's TZ).
// Formatters take a Date, an ISO string ('2026-03-05' is local midnight, as date-fns parses it)
// or a millisecond timestamp, and return '' for anything that is not a valid date.

/** Anything a formatter accepts. */
export type DateInput = Date | string | number;

/** date-fns options for the whole site: Russian locale, weeks start on Monday. */
export const RU_DATE_OPTIONS: { readonly locale: Locale; readonly weekStartsOn: 1 } = {
  locale: ru,
  weekStartsOn: 1,
};

/** The 'только что' window of the fine list (spec §9): 60 s. */
export const JUST_NOW_WINDOW_MS = 60_000;

/** A Date from any accepted input, or undefined when it is not a valid date. */
export function toDate(input: unknown): Date | undefined {
  let date: Date;
  if (input instanceof Date) date = new Date(input.getTime());
  else if (typeof input === 'number') date = new Date(input);
  else if (typeof input === 'string') date = parseRuDate(input) ?? parseISO(input);
  else return undefined;
  return isValid(date) ? date : undefined;
}

/** Formats with date-fns in Russian, or '' for an invalid date. */
function formatRu(input: DateInput, pattern: string): string {
  const date = toDate(input);
  return date === undefined ? '' : format(date, pattern, RU_DATE_OPTIONS);
}

/** '05.03.2026'. */
export function formatDate(input: DateInput): string {
  return formatRu(input, 'dd.MM.yyyy');
}

/** '5 марта 2026' (month in the genitive). */
export function formatDateLong(input: DateInput): string {
  return formatRu(input, 'd MMMM yyyy');
}

/** '05.03.2026, 14:07'. */
export function formatDateTime(input: DateInput): string {
  return formatRu(input, 'dd.MM.yyyy, HH:mm');
}

/** The demo end date of an organisation (spec §3): '5 марта 2027 г.'. */
export function formatDemoEndDate(input: DateInput): string {
  return formatRu(input, "d MMMM yyyy 'г.'");
}

/** The fine list's label: 'только что' within JUST_NOW_WINDOW_MS of `now` (or in the future), else the date-time; '' when never updated (≤ 0). */
export function lastUpdatedLabel(timestamp: number, now: number): string {
  if (!Number.isFinite(timestamp) || timestamp <= 0) return '';
  if (now - timestamp < JUST_NOW_WINDOW_MS) return 'только что';
  return formatDateTime(timestamp);
}
