import { describe, expect, it } from 'vitest';
import { discountCalendar } from '../../../src/lib/ics.ts';

const event = {
  uid: 'fine-18810177250612002172@shtrafy.example.ru',
  summary: 'Последний день скидки 25 %: штраф 375,00 ₽',
  lastDay: '2026-12-01',
  description: 'Постановление 18810177250612002172; ч. 2 ст. 12.9 КоАП РФ, превышение скорости на 20–40 км/ч',
  url: 'https://shtrafy.example.ru/fines/12/',
};
const NOW = new Date('2026-11-28T07:15:30.123Z');

describe('the discount calendar (RFC 5545)', () => {
  const text = discountCalendar([event], NOW);

  it('is a calendar with one all-day event on the last day, ending the next day', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20261201\r\n');
    expect(text).toContain('\r\nDTEND;VALUE=DATE:20261202\r\n');
    expect(text).toContain('\r\nDTSTAMP:20261128T071530Z\r\n');
    expect(text).toContain('\r\nTRIGGER:-PT15H\r\n');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('escapes text values and folds long lines at 75 octets without splitting a letter', () => {
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('DESCRIPTION:Постановление 18810177250612002172\\; ч. 2 ст. 12.9 КоАП РФ\\, превышение скорости на 20–40 км/ч');
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Folding never cuts a UTF-8 sequence: every physical line decodes on its own.
    for (const line of text.split('\r\n')) expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(line))).toBe(line);
  });

  it('uses only CRLF line ends and one event per fine', () => {
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(discountCalendar([event, { ...event, uid: 'other' }], NOW).match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });
});
