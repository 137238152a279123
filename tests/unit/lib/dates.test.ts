import { startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateLong,
  formatDateTime,
  formatDemoEndDate,
  isValidDocumentDate,
  JUST_NOW_WINDOW_MS,
  lastUpdatedLabel,
  parseRuDate,
  RU_DATE_OPTIONS,
  toDate,
} from '../../../src/lib/dates.ts';

const march5 = new Date(2026, 2, 5, 14, 7);

describe('formatters accept Date, ISO string and timestamp', () => {
  it.each([
    ['a Date', march5],
    ['a timestamp', march5.getTime()],
    ['an ISO date-time without zone (local)', '2026-03-05T14:07:00'],
  ])('%s', (_what, input) => {
    expect(formatDate(input)).toBe('05.03.2026');
    expect(formatDateLong(input)).toBe('5 марта 2026');
    expect(formatDateTime(input)).toBe('05.03.2026, 14:07');
    expect(formatDemoEndDate(input)).toBe('5 марта 2026 г.');
  });

  it('reads an ISO date as local midnight', () => {
    expect(formatDateTime('2026-03-05')).toBe('05.03.2026, 00:00');
  });

  it.each([
    [new Date(2027, 0, 1), '1 января 2027 г.'],
    [new Date(2027, 1, 28), '28 февраля 2027 г.'],
    [new Date(2027, 4, 9), '9 мая 2027 г.'],
    [new Date(2027, 7, 31), '31 августа 2027 г.'],
    [new Date(2027, 11, 31), '31 декабря 2027 г.'],
  ])('demo end date in the genitive: %s → %s', (date, text) => {
    expect(formatDemoEndDate(date)).toBe(text);
  });

  it.each([['not a date'], [''], [Number.NaN], [new Date(Number.NaN)]])('returns "" for %j', (input) => {
    expect(formatDate(input)).toBe('');
    expect(formatDateTime(input)).toBe('');
  });
});

describe('ru locale, Monday first', () => {
  it('starts weeks on Monday', () => {
    expect(RU_DATE_OPTIONS.weekStartsOn).toBe(1);
    // Sunday 08.03.2026 belongs to the week that starts on Monday 02.03.2026.
    expect(formatDate(startOfWeek(new Date(2026, 2, 8), RU_DATE_OPTIONS))).toBe('02.03.2026');
  });
});

describe('lastUpdatedLabel', () => {
  const now = march5.getTime();
  it.each([
    ['right now', now, 'только что'],
    ['59.999 s ago', now - 59_999, 'только что'],
    ['exactly 60 s ago', now - 60_000, '05.03.2026, 14:06'],
    ['an hour ago', now - 3_600_000, '05.03.2026, 13:07'],
    ['a few seconds in the future (clock skew)', now + 5_000, 'только что'],
    ['never updated (0)', 0, ''],
  ])('%s', (_when, timestamp, label) => {
    expect(lastUpdatedLabel(timestamp, now)).toBe(label);
  });

  it('uses the 60 s window of spec §9', () => {
    expect(JUST_NOW_WINDOW_MS).toBe(60_000);
  });
});

describe('parseRuDate', () => {
  it.each([
    ['05.03.2026', new Date(2026, 2, 5)],
    ['29.02.2024', new Date(2024, 1, 29)],
    ['01.01.0099', (() => {
      const d = new Date(2000, 0, 1);
      d.setFullYear(99, 0, 1);
      return d;
    })()],
  ])('%s', (text, date) => {
    expect(parseRuDate(text)?.getTime()).toBe(date.getTime());
  });

  it.each(['29.02.2023', '31.04.2026', '32.01.2026', '00.01.2026', '01.13.2026', '5.03.2026', '2026-03-05', ' 05.03.2026', ''])(
    '%j is not a date',
    (text) => {
      expect(parseRuDate(text)).toBeUndefined();
    },
  );

  it('lets toDate read DD.MM.YYYY too', () => {
    expect(toDate('05.03.2026')?.getTime()).toBe(new Date(2026, 2, 5).getTime());
  });
});

describe('isValidDocumentDate (spec §5)', () => {
  const today = new Date(2026, 2, 5, 10, 0);
  it.each([
    ['01.01.1900', false],
    ['02.01.1900', true],
    ['04.03.2026', true],
    ['05.03.2026', true],
    ['06.03.2026', false],
    ['05.03.2027', false],
    ['5.3.2026', false],
  ])('%s with today 05.03.2026 → %s', (text, valid) => {
    expect(isValidDocumentDate(text, today)).toBe(valid);
  });
});
