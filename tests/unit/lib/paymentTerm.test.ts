import { describe, expect, it } from 'vitest';
import { LATE_PENALTY_MIN, latePenalty, paymentTerm } from '../../../src/lib/paymentTerm.ts';

// Issue 24, item 12: a fine past its 60 days (КоАП ст. 32.2 ч. 1) says so; the last day is still in time.
describe('the payment term of an unpaid fine', () => {
  it.each<[string, string, ReturnType<typeof paymentTerm>]>([
    ['2026-09-08', '2026-09-07', { kind: 'open', lastDay: '2026-09-08' }],
    ['2026-09-08', '2026-09-08', { kind: 'open', lastDay: '2026-09-08' }],
    ['2026-09-08', '2026-09-09', { kind: 'overdue', lastDay: '2026-09-08', daysOver: 1 }],
    // The issue's own example: «не ранее 08.09.2026» must not be said on 26.11.2026.
    ['2026-09-08', '2026-11-26', { kind: 'overdue', lastDay: '2026-09-08', daysOver: 79 }],
    ['2026-12-31', '2027-01-01', { kind: 'overdue', lastDay: '2026-12-31', daysOver: 1 }],
    ['2028-02-28', '2028-02-29', { kind: 'overdue', lastDay: '2028-02-28', daysOver: 1 }],
  ])('last day %s, today %s', (lastDay, today, term) => expect(paymentTerm(lastDay, today)).toEqual(term));
});

// КоАП ст. 20.25 ч. 1: twice the unpaid fine, not less than 1 000 ₽.
describe('the late-payment fine', () => {
  it.each([
    [500, 1000],
    [750, 1500],
    [3000, 6000],
    [562.5, 1125],
    [0, 1000],
  ])('unpaid %d ₽ → %d ₽', (unpaid, penalty) => expect(latePenalty(unpaid)).toBe(penalty));

  it('is at least 1 000 ₽', () => expect(LATE_PENALTY_MIN).toBe(1000));
});
