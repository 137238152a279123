import { describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '../../../../src/api/userMessage.ts';
import { $account } from '../../../../src/stores/auth/account.ts';
import { $ordinances, INITIAL_ORDINANCES, ORDINANCE_POLL_MS, chooseCategory, chooseOrder, choosePage, loadOrdinances, refreshOrdinances, searchOrdinances } from '../../../../src/stores/profile/ordinances.ts';
import { USER, fail, fakeApi, ok } from '../fakeApi.ts';
import { ordinanceFixture, ordinancePage, ordinanceSummary, signedIn } from './fixtures.ts';
import { EXPIRED, START, lists, query, readyRoutes, settle, useOrdinanceStores } from './ordinancesHarness.ts';

useOrdinanceStores();

describe('loadOrdinances (spec §4 Ordinances refresh)', () => {
  it('is skipped, answering false, without auth data', async () => {
    const api = fakeApi(readyRoutes());
    await expect(loadOrdinances()).resolves.toBe(false);
    expect(api.calls).toHaveLength(0);
    expect($ordinances.get()).toEqual(INITIAL_ORDINANCES);
  });

  it('is skipped, answering false, while a load runs; busy is true meanwhile and false after', async () => {
    signedIn({});
    let release: () => void = () => {};
    const api = fakeApi({
      ...readyRoutes(),
      'GET /api/ordinances/get/all': () => new Promise((resolve) => (release = () => resolve(ok(ordinancePage([ordinanceFixture()]))))),
    });
    const first = loadOrdinances();
    expect($ordinances.get().isBusy).toBe(true);
    await expect(loadOrdinances()).resolves.toBe(false);
    await expect(refreshOrdinances()).resolves.toBe(false);
    await settle();
    release();
    await expect(first).resolves.toBe(true);
    expect($ordinances.get().isBusy).toBe(false);
    expect(lists(api.calls)).toHaveLength(1);
  });

  it('asks with the session, the default query and both asterisk flags, then stores the page and the counts', async () => {
    signedIn({});
    const api = fakeApi(readyRoutes(() => ok(ordinancePage([ordinanceFixture(), ordinanceFixture({ id: 'tax-3', kind: 'tax' })], { total: 7 }))));
    await expect(loadOrdinances()).resolves.toBe(true);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/ordinances/get/all', '/api/ordinances/get/summary']);
    for (const call of api.calls) expect(call.headers.get('X-Session')).toBe(USER.session);
    expect(query(api.calls[0])).toEqual({ page: '1', showBy: '50', order: 'DEFAULT', isDataWithAsterisks: 'true', instance: 'web' });
    expect($ordinances.get()).toMatchObject({
      isBusy: false,
      isWait: false,
      error: '',
      total: 7,
      toPay: 250,
      counts: ordinanceSummary().counts,
      lastUpdatedTimestamp: START.getTime(),
    });
    expect($ordinances.get().items.map((i) => i.id)).toEqual(['fine-7', 'tax-3']);
  });

  it('rejects a reply of another shape, with busy false after', async () => {
    signedIn({});
    fakeApi(readyRoutes(() => ok({ items: [{ id: 1 }], total: 1, page: 1, showBy: 50, updatedAt: '' })));
    await expect(loadOrdinances()).resolves.toBe(true);
    expect($ordinances.get()).toMatchObject({ isBusy: false, error: USER_MESSAGES.unexpected, items: [] });
  });

  it('a failure leaves busy false, keeps the last list, and says why', async () => {
    signedIn({});
    const api = fakeApi({ ...readyRoutes(), 'GET /api/ordinances/get/summary': [() => ok(ordinanceSummary()), () => fail(503, 'Сервис недоступен')] });
    await loadOrdinances();
    await expect(loadOrdinances()).resolves.toBe(true);
    expect($ordinances.get()).toMatchObject({ isBusy: false, error: USER_MESSAGES.server, isWait: false });
    expect($ordinances.get().items).toHaveLength(1);
    expect($account.get().sessionExpired).toBe(false);
    expect(api.calls).toHaveLength(4);
  });

  it('a refused session (401) marks it expired', async () => {
    signedIn({});
    fakeApi({ ...readyRoutes(), 'GET /api/ordinances/get/all': () => fail(401, EXPIRED) });
    await loadOrdinances();
    expect($ordinances.get()).toMatchObject({ isBusy: false, error: EXPIRED });
    expect($account.get()).toMatchObject({ isWebUser: true, sessionExpired: true });
  });

  it('refreshOrdinances asks the server to check every document again (isForceRefresh=1)', async () => {
    signedIn({});
    const api = fakeApi(readyRoutes());
    await expect(refreshOrdinances()).resolves.toBe(true);
    expect(query(api.calls[0])).toMatchObject({ isForceRefresh: '1', isDataWithAsterisks: 'true' });
  });
});

describe('polling while the server says isWait (spec §4, §9: every 2 s)', () => {
  it('asks again every 2 s while isWait, then stops once the list is ready', async () => {
    signedIn({});
    const waiting = () => ok(ordinancePage([], { isWait: true }));
    const api = fakeApi({
      ...readyRoutes(),
      'GET /api/ordinances/get/all': [waiting, waiting, () => ok(ordinancePage([ordinanceFixture()]))],
    });
    expect(ORDINANCE_POLL_MS).toBe(2_000);
    await refreshOrdinances();
    expect($ordinances.get().isWait).toBe(true);
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS - 1);
    expect(lists(api.calls)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(lists(api.calls)).toHaveLength(2);
    // Polls ask for the list as it is; only the button forces a new check.
    expect(query(lists(api.calls)[1])['isForceRefresh']).toBeUndefined();
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS);
    await settle();
    expect(lists(api.calls)).toHaveLength(3);
    expect($ordinances.get()).toMatchObject({ isWait: false, isBusy: false });
    expect($ordinances.get().items).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS * 5);
    expect(lists(api.calls)).toHaveLength(3);
  });

  it('polls too when only the counts are still being made', async () => {
    signedIn({});
    const api = fakeApi({
      ...readyRoutes(),
      'GET /api/ordinances/get/summary': [() => ok(ordinanceSummary({ isWait: true })), () => ok(ordinanceSummary())],
    });
    await loadOrdinances();
    expect($ordinances.get().isWait).toBe(true);
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS);
    await settle();
    expect(lists(api.calls)).toHaveLength(2);
    expect($ordinances.get().isWait).toBe(false);
  });

  it('stops polling after a failure', async () => {
    signedIn({});
    const api = fakeApi({
      ...readyRoutes(),
      'GET /api/ordinances/get/all': [() => ok(ordinancePage([], { isWait: true })), () => fail(500, 'x')],
    });
    await loadOrdinances();
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS);
    await settle();
    expect($ordinances.get()).toMatchObject({ isWait: false, error: USER_MESSAGES.server });
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS * 3);
    expect(lists(api.calls)).toHaveLength(2);
  });

  it('a new load replaces the pending poll rather than adding a second one', async () => {
    signedIn({});
    const api = fakeApi({
      ...readyRoutes(),
      'GET /api/ordinances/get/all': () => ok(ordinancePage([], { isWait: true })),
      'GET /api/ordinances/get/fines': [() => ok(ordinancePage([], { isWait: true })), () => ok(ordinancePage([]))],
    });
    await loadOrdinances();
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS / 2);
    await chooseCategory('fines');
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS);
    await settle();
    await vi.advanceTimersByTimeAsync(ORDINANCE_POLL_MS * 3);
    expect(lists(api.calls).map((c) => c.path)).toEqual(['/api/ordinances/get/all', '/api/ordinances/get/fines', '/api/ordinances/get/fines']);
  });
});

describe('category, order, page and search', () => {
  it('chooseCategory shows another category from its first page', async () => {
    signedIn({});
    $ordinances.set({ ...$ordinances.get(), page: 3, order: 'SUM_ASC', search: 'москва' });
    const api = fakeApi(readyRoutes());
    await expect(chooseCategory('fines')).resolves.toBe(true);
    expect(api.calls[0]?.path).toBe('/api/ordinances/get/fines');
    expect(query(api.calls[0])).toMatchObject({ page: '1', order: 'SUM_ASC', search: 'москва' });
    expect($ordinances.get()).toMatchObject({ sortIdentifier: 'fines', page: 1 });
  });

  it('chooseOrder sorts from the first page, keeping the category', async () => {
    signedIn({});
    $ordinances.set({ ...$ordinances.get(), page: 4, sortIdentifier: 'not_paid' });
    const api = fakeApi(readyRoutes());
    await chooseOrder('DATE_ASC');
    expect(api.calls[0]?.path).toBe('/api/ordinances/get/not_paid');
    expect(query(api.calls[0])).toMatchObject({ page: '1', order: 'DATE_ASC' });
    expect($ordinances.get()).toMatchObject({ order: 'DATE_ASC', page: 1 });
  });

  it.each<[number, number]>([
    [3, 3],
    [1, 1],
    [0, 1],
    [-5, 1],
  ])('choosePage(%i) asks for page %i, keeping category, order and search', async (asked, page) => {
    signedIn({});
    $ordinances.set({ ...$ordinances.get(), sortIdentifier: 'fines', order: 'SUM_DESC', search: 'а123' });
    const api = fakeApi(readyRoutes());
    await choosePage(asked);
    expect(query(api.calls[0])).toMatchObject({ page: String(page), order: 'SUM_DESC', search: 'а123' });
    expect(api.calls[0]?.path).toBe('/api/ordinances/get/fines');
    expect($ordinances.get().page).toBe(page);
  });

  it('searchOrdinances searches from the first page; a blank search is not sent', async () => {
    signedIn({});
    $ordinances.set({ ...$ordinances.get(), page: 2 });
    const api = fakeApi(readyRoutes());
    await searchOrdinances('  Москва ');
    expect(query(api.calls[0])).toMatchObject({ page: '1', search: 'Москва' });
    await searchOrdinances('   ');
    expect(query(api.calls[2])['search']).toBeUndefined();
    expect($ordinances.get().page).toBe(1);
  });
});
