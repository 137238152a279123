import { format } from 'date-fns';
import { STORE_UNMOUNT_DELAY } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { signOut } from '../../../../src/stores/auth/account.ts';
import { $now } from '../../../../src/stores/clock.ts';
import { $documents } from '../../../../src/stores/profile/documents.ts';
import { $ordinances, $ordinancesUpdatedLabel, INITIAL_ORDINANCES, ORDINANCE_POLL_MS, chooseCategory, loadOrdinances } from '../../../../src/stores/profile/ordinances.ts';
import { fakeApi, ok } from '../fakeApi.ts';
import { innFixture, ordinanceFixture, ordinancePage, signedIn, stsFixture } from './fixtures.ts';
import { START, lists, readyRoutes, settle, useOrdinanceStores } from './ordinancesHarness.ts';

useOrdinanceStores();

describe("$ordinancesUpdatedLabel: 'только что' within 60 s (spec §4)", () => {
  /** The update time as the label writes it (the browser's own time zone). */
  const at = format(START, 'dd.MM.yyyy, HH:mm');

  it('is empty before the first load, then «только что», then the date and time', async () => {
    signedIn({});
    fakeApi(readyRoutes());
    const unlisten = $ordinancesUpdatedLabel.listen(() => {});
    expect($ordinancesUpdatedLabel.get()).toBe('');
    await loadOrdinances();
    expect($ordinancesUpdatedLabel.get()).toBe('только что');
    await vi.advanceTimersByTimeAsync(59_999);
    $now.set(Date.now());
    expect($ordinancesUpdatedLabel.get()).toBe('только что');
    await vi.advanceTimersByTimeAsync(1);
    $now.set(Date.now());
    expect($ordinancesUpdatedLabel.get()).toBe(at);
    unlisten();
  });

  it('the clock ticks by itself while the label is shown', async () => {
    signedIn({});
    fakeApi(readyRoutes());
    const unlisten = $ordinancesUpdatedLabel.listen(() => {});
    await loadOrdinances();
    await vi.advanceTimersByTimeAsync(75_000);
    expect($ordinancesUpdatedLabel.get()).toBe(at);
    unlisten();
  });
});

describe('sign-out (spec §4: clearing resets ordinances to defaults)', () => {
  it('resets the list and stops polling', async () => {
    signedIn({});
    const api = fakeApi({ ...readyRoutes(() => ok(ordinancePage([ordinanceFixture()], { isWait: true }))), 'POST /105/api/logout': () => ok({ revoked: 1 }) });
    await chooseCategory('fines');
    await signOut();
    expect($ordinances.get()).toEqual(INITIAL_ORDINANCES);
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS * 3);
    expect(lists(api.calls)).toHaveLength(1);
  });

  it('a load that answers after sign-out does not bring the list back or start polling', async () => {
    signedIn({});
    let release: () => void = () => {};
    const api = fakeApi({
      ...readyRoutes(),
      'GET /api/ordinances/get/all': () => new Promise((resolve) => (release = () => resolve(ok(ordinancePage([ordinanceFixture()], { isWait: true }))))),
      'POST /105/api/logout': () => ok({ revoked: 1 }),
    });
    const load = loadOrdinances();
    await settle();
    await signOut();
    release();
    await load;
    expect($ordinances.get()).toEqual(INITIAL_ORDINANCES);
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS * 3);
    expect(lists(api.calls)).toHaveLength(1);
  });
});

describe('documents changing while the list is shown', () => {
  it('loads again when a document is added or removed', async () => {
    signedIn({});
    $documents.set({ transport: [stsFixture(1)], driverLicense: [], inn: [], documentsExpiration: 1 });
    const api = fakeApi(readyRoutes());
    const unlisten = $ordinances.listen(() => {});
    await loadOrdinances();
    $documents.set({ ...$documents.get(), inn: [innFixture(4)] });
    await settle();
    expect(lists(api.calls)).toHaveLength(2);
    $documents.set({ ...$documents.get(), transport: [] });
    await settle();
    expect(lists(api.calls)).toHaveLength(3);
    unlisten();
  });

  it('does not load for an edit that keeps the same documents, nor before the list was ever loaded', async () => {
    signedIn({});
    $documents.set({ transport: [stsFixture(1)], driverLicense: [], inn: [], documentsExpiration: 1 });
    const api = fakeApi(readyRoutes());
    const unlisten = $ordinances.listen(() => {});
    $documents.set({ ...$documents.get(), inn: [innFixture(4)] });
    await settle();
    expect(api.calls).toHaveLength(0);
    await loadOrdinances();
    $documents.set({ ...$documents.get(), transport: [{ ...stsFixture(1), vehiclePlate: 'В777ОР 99' }] });
    await settle();
    expect(lists(api.calls)).toHaveLength(1);
    unlisten();
  });

  it('does not load while the list is not shown', async () => {
    signedIn({});
    const api = fakeApi(readyRoutes());
    await loadOrdinances();
    // Reading a store mounts it for a moment (nanostores keeps it STORE_UNMOUNT_DELAY ms); after that nothing shows it.
    await vi.advanceTimersByTimeAsync(STORE_UNMOUNT_DELAY);
    $documents.set({ ...$documents.get(), inn: [innFixture(4)] });
    await settle();
    expect(lists(api.calls)).toHaveLength(1);
  });

  it('a change during a load runs one more load when it ends', async () => {
    signedIn({});
    let release: () => void = () => {};
    const api = fakeApi({
      ...readyRoutes(),
      'GET /api/ordinances/get/all': [
        () => ok(ordinancePage([])),
        () => new Promise((resolve) => (release = () => resolve(ok(ordinancePage([]))))),
        () => ok(ordinancePage([ordinanceFixture()])),
      ],
    });
    const unlisten = $ordinances.listen(() => {});
    await loadOrdinances();
    const running = loadOrdinances();
    await settle();
    $documents.set({ ...$documents.get(), inn: [innFixture(4)] });
    $documents.set({ ...$documents.get(), transport: [stsFixture(1)] });
    release();
    await running;
    await settle();
    expect(lists(api.calls)).toHaveLength(3);
    expect($ordinances.get().items).toHaveLength(1);
    unlisten();
  });
});

describe('changing the view while a load runs', () => {
  it('shows the category chosen during a load once that load ends', async () => {
    signedIn({});
    let release: () => void = () => {};
    const api = fakeApi({
      ...readyRoutes(),
      'GET /api/ordinances/get/all': () => new Promise((resolve) => (release = () => resolve(ok(ordinancePage([ordinanceFixture()]))))),
    });
    const first = loadOrdinances();
    await settle();
    await expect(chooseCategory('fines')).resolves.toBe(false);
    release();
    await first;
    await settle();
    expect(lists(api.calls).map((c) => c.path)).toEqual(['/api/ordinances/get/all', '/api/ordinances/get/fines']);
    expect($ordinances.get()).toMatchObject({ sortIdentifier: 'fines', isBusy: false });
  });
});
