import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay } from '../../../src/lib/workingDays.ts';

describe('working days (art. 112 of the Labour Code, weekends)', () => {
  it.each([
    // from, working days, the day they end
    ['2026-03-16', 5, '2026-03-23'], // Monday → next Monday
    ['2026-03-20', 1, '2026-03-23'], // Friday → Monday
    ['2026-03-06', 1, '2026-03-09'], // 8 March is a Sunday; the government's moved day off (Monday 9th) is not followed
    ['2026-12-30', 3, '2027-01-12'], // 31 December, then the New Year holidays and a weekend, then 11 and 12 January
    ['2026-06-11', 1, '2026-06-15'], // Russia Day on Friday 12 June
    ['2026-03-16', 0, '2026-03-16'],
  ])('%s + %d → %s', (from, count, end) => {
    expect(addWorkingDays(from, count)).toBe(end);
  });

  it.each([
    ['2026-03-16', true],
    ['2026-03-21', false],
    ['2026-05-01', false],
    ['2026-11-04', false],
    ['2026-01-08', false],
    ['2026-01-12', true],
  ])('%s working: %s', (day, working) => {
    expect(isWorkingDay(day)).toBe(working);
  });

  it('refuses a day that is not a date', () => {
    expect(() => isWorkingDay('2026-02-30')).toThrow(RangeError);
  });
});
