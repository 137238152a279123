// The day whose law the site states: the day of the build, in Moscow (where the law's days begin).
// A change of law that takes effect on a known day shows on the site after a build on or after it.

/** Today's date in Moscow as 'YYYY-MM-DD' (or of `now` when given). */
export function lawDay(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The day one year before a 'YYYY-MM-DD' day (29 February goes to 28 February). */
export function yearBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const back = new Date(Date.UTC((year ?? 0) - 1, (month ?? 1) - 1, date ?? 1));
  if (back.getUTCMonth() !== (month ?? 1) - 1) back.setUTCDate(0);
  return back.toISOString().slice(0, 10);
}
