import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate, moscowToday } from '../../../src/lib/isoDate.ts';

describe('isIsoDate', () => {
  it.each([
    ['2026-03-05', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2026-13-01', false],
    ['2026-3-5', false],
    ['05.03.2026', false],
    [20260305, false],
  ])('%j → %s', (value, valid) => {
    expect(isIsoDate(value)).toBe(valid);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-03-01', 30, '2026-03-31'],
    ['2026-03-29', 1, '2026-03-30'], // the European DST night changes nothing
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-02-28', 1, '2024-02-29'],
  ])('%s + %i → %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('refuses a bad date', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('moscowToday', () => {
  it.each([
    ['2026-03-05T20:59:59Z', '2026-03-05'],
    ['2026-03-05T21:00:00Z', '2026-03-06'],
    ['2026-07-01T00:00:00Z', '2026-07-01'],
  ])('%s → %s (UTC+3 all year)', (instant, expected) => {
    expect(moscowToday(Date.parse(instant))).toBe(expected);
  });
});
