import { describe, expect, it } from 'vitest';
import { MONTHS_SHOWN, monthBars, monthRange } from '../../../server/organizations/fleetAnalytics.ts';
import type { FleetFine } from '../../../src/api/structs/organization.ts';

// Issue 24, item 18: months without fines are bars of zero, in a continuous run up to this month.

const fine = (rulingDate: string, fullAmount: number) => ({ rulingDate, fullAmount }) as FleetFine;

describe('monthRange', () => {
  it.each([
    ['2026-09', '2026-11', ['2026-09', '2026-10', '2026-11']],
    ['2025-11', '2026-02', ['2025-11', '2025-12', '2026-01', '2026-02']],
    ['2026-11', '2026-11', ['2026-11']],
    ['2026-12', '2026-11', []],
  ])('%s … %s → %j', (first, last, months) => {
    expect(monthRange(first, last)).toEqual(months);
  });
});

describe('monthBars', () => {
  it('fills the months between fines and up to this month with zeros', () => {
    const bars = monthBars([fine('2026-08-03', 500), fine('2026-08-20', 1_000), fine('2026-10-01', 5_000)], '2026-11');
    expect(bars.map((b) => [b.key, b.count, b.amount])).toEqual([
      ['2026-08', 2, 1_500],
      ['2026-09', 0, 0],
      ['2026-10', 1, 5_000],
      ['2026-11', 0, 0],
    ]);
    expect(bars.map((b) => b.label)).toEqual(['август 2026', 'сентябрь 2026', 'октябрь 2026', 'ноябрь 2026']);
  });

  it('shows no months for a fleet without fines, and at most the last two years', () => {
    expect(monthBars([], '2026-11')).toEqual([]);
    const bars = monthBars([fine('2020-01-15', 500), fine('2026-11-02', 800)], '2026-11');
    expect(bars).toHaveLength(MONTHS_SHOWN);
    expect(bars[0]?.key).toBe('2024-12');
    expect(bars.at(-1)).toMatchObject({ key: '2026-11', count: 1 });
  });
});
