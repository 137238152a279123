// Document dates typed as 'DD.MM.YYYY' (spec §5), without date-fns: validators import this module, so
// the search form does not pull date-fns and its Russian locale into the landing page's bundle.

/** 'DD.MM.YYYY' → local midnight of that day; undefined for any other shape or an impossible date (31.02). */
export function parseRuDate(text: string): Date | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (match === null) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  date.setHours(0, 0, 0, 0);
  const sameDay = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return sameDay ? date : undefined;
}

/** The earliest document date accepted is the day after this one (spec §5: 'after 1900-01-01'). */
export const MIN_DOCUMENT_DATE = '01.01.1900';

/** 'YYYYMMDD' as a number, for comparing calendar days without time zones getting in the way. */
function dayNumber(date: Date): number {
  return date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
}

/** Spec §5 date rule: exactly 'DD.MM.YYYY', a real day, strictly after 01.01.1900 and not after today (local). */
export function isValidDocumentDate(text: string, today: Date = new Date()): boolean {
  if (text.length !== 10) return false;
  const date = parseRuDate(text);
  if (date === undefined) return false;
  return dayNumber(date) > 1900_01_01 && dayNumber(date) <= dayNumber(today);
}
