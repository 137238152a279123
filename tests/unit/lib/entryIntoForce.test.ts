import { describe, expect, it } from 'vitest';
import {
  earliestEntryIntoForce,
  earliestPaymentDeadline,
  ENTRY_INTO_FORCE_RULE,
  notEarlierThan,
} from '../../../src/lib/entryIntoForce.ts';

describe('earliestEntryIntoForce', () => {
  it.each([
    ['2026-03-01', undefined, '2026-03-12'],
    ['2026-03-01', '2026-03-05', '2026-03-16'],
    ['2026-02-20', undefined, '2026-03-03'],
    ['2025-12-25', '2025-12-31', '2026-01-11'],
    ['2026-03-10', '2026-03-01', '2026-03-21'],
  ])('ruling %s received %s → %s', (ruling, received, expected) => {
    expect(earliestEntryIntoForce(ruling, received)).toBe(expected);
  });

  it('never gives ruling date + 10 (the appeal period is still running that day)', () => {
    expect(earliestEntryIntoForce('2026-03-01')).not.toBe('2026-03-11');
  });
});

describe('earliestPaymentDeadline', () => {
  it('is 60 days after the earliest entry into force', () => {
    expect(earliestPaymentDeadline('2026-03-01')).toBe('2026-05-11');
    expect(earliestPaymentDeadline('2026-03-01', '2026-03-05')).toBe('2026-05-15');
  });
});

describe('wording', () => {
  it('says "не ранее" with a Russian date', () => {
    expect(notEarlierThan('2026-03-12')).toBe('не ранее 12.03.2026');
  });
  it('explains the rule with its sources', () => {
    expect(ENTRY_INTO_FORCE_RULE).toContain('10 дней');
    expect(ENTRY_INTO_FORCE_RULE).toContain('30.3');
  });
});
