// Working days in Russia for deadlines counted "in working days": Saturdays, Sundays and the public
// holidays of art. 112 of the Labour Code are off. The government's yearly moves of days off (a
// Saturday worked for a Friday off) are not followed: a deadline may come a day early or late around
// such a move, which for a reminder to the user is the safe side of wrong.

import { addDays, isIsoDate } from './isoDate.ts';

/** The public holidays of art. 112 of the Labour Code, 'MM-DD'. */
const HOLIDAYS = new Set(['01-01', '01-02', '01-03', '01-04', '01-05', '01-06', '01-07', '01-08', '02-23', '03-08', '05-01', '05-09', '06-12', '11-04']);

/** Whether a day ('YYYY-MM-DD') is a working day. */
export function isWorkingDay(isoDay: string): boolean {
  if (!isIsoDate(isoDay)) throw new RangeError(`Not a 'YYYY-MM-DD' date: '${String(isoDay).slice(0, 40)}'`);
  const weekday = new Date(`${isoDay}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(isoDay.slice(5));
}

/** The day on which `count` working days after `isoDay` (not counting that day) end. */
export function addWorkingDays(isoDay: string, count: number): string {
  let day = isoDay;
  for (let left = count; left > 0; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}
