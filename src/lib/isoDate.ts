// Calendar dates as 'YYYY-MM-DD' strings, computed in UTC so that no local time zone or DST shift
// can move a day.

/** Whether the text is a real calendar day written 'YYYY-MM-DD'. */
export function isIsoDate(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The day `days` calendar days after (or before, when negative) an ISO date; throws RangeError on a bad date. */
export function addDays(isoDate: string, days: number): string {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not a 'YYYY-MM-DD' date: '${String(isoDate).slice(0, 40)}'`);
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Moscow time is UTC+3 all year round (no DST since 26.10.2014). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Today's date in Europe/Moscow as 'YYYY-MM-DD' (or the date of the given timestamp there). */
export function moscowToday(now: number = Date.now()): string {
  return new Date(now + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}
