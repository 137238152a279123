import { addDays } from './isoDate.ts';

/** A discount's last day as a calendar event: what to pay, until when, where. */
export type DiscountEvent = {
  /** Stable id of the event (the same fine gives the same UID, so calendars update instead of duplicating). */
  uid: string;
  summary: string;
  /** The discount's last day, YYYY-MM-DD (an all-day event). */
  lastDay: string;
  description: string;
  url: string;
};

/** RFC 5545 §3.3.11: backslash, semicolon, comma and new lines are escaped in TEXT values. */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A UTC date-time as RFC 5545 writes it: 20261124T071500Z. */
function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * An iCalendar file (RFC 5545) with one all-day event on the last day of each discount, and a reminder
 * at 9:00 the day before (local time of whoever opens it).
 */
export function discountCalendar(events: readonly DiscountEvent[], now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Shtrafy Online//Discount reminders//RU', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART;VALUE=DATE:${event.lastDay.replace(/-/g, '')}`,
      `DTEND;VALUE=DATE:${addDays(event.lastDay, 1).replace(/-/g, '')}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      'TRANSP:TRANSPARENT',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(event.summary)}`,
      'TRIGGER:-PT15H',
      'END:VALARM',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
