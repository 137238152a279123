import { useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { $now } from '../../../../src/stores/clock.ts';
import { $ordinances, $ordinancesUpdatedLabel } from '../../../../src/stores/profile/ordinances.ts';
import { ok } from '../fakeApi.ts';
import type { Call, Handler } from '../fakeApi.ts';
import { ordinanceFixture, ordinancePage, ordinanceSummary, resetAccountStores } from './fixtures.ts';

// What the ordinance-list store tests share: the clock they start at, the hooks that reset the stores
// around each test, and the fake API's routes of a ready list.

/** The moment every test starts at (fake timers). */
export const START = new Date('2026-11-22T10:00:00+03:00');

/** The message of an expired session. */
export const EXPIRED = 'Сессия истекла, войдите снова';

/** Registers the hooks: fake timers from START, fresh account stores, stores unmounted at once after. */
export function useOrdinanceStores(): void {
  beforeAll(() => useTestStorageEngine());
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    resetAccountStores();
  });
  afterEach(() => {
    // Unmount at once (nanostores waits 1 s otherwise) so no listener outlives its test.
    cleanStores($ordinancesUpdatedLabel, $ordinances, $now);
    resetAccountStores();
    vi.useRealTimers();
  });
}

/** Lets a load started by a timer or a listener finish, without moving the clock. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
}

/** The list requests among the calls (the summary left out). */
export const lists = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/api/ordinances/get/') && c.path !== '/api/ordinances/get/summary');

/** A call's query as an object. */
export const query = (call: Call | undefined) => Object.fromEntries(call?.query ?? []);

/** Routes of a ready list with one item, for any category. */
export function readyRoutes(list: Handler = () => ok(ordinancePage([ordinanceFixture()]))): Record<string, Handler> {
  return {
    'GET /api/ordinances/get/all': list,
    'GET /api/ordinances/get/fines': list,
    'GET /api/ordinances/get/not_paid': list,
    'GET /api/ordinances/get/summary': () => ok(ordinanceSummary()),
  };
}
