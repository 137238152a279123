import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $authData, emptyAuthData, setAuthRecord } from '../../../src/stores/authData.ts';
import { $now } from '../../../src/stores/clock.ts';
import { $fineList, $lastUpdatedLabel, SESSION_LOST_MESSAGE, loadFineList } from '../../../src/stores/fineList.ts';
import { USER, fail, fakeApi, fineFixture, ok } from './fakeApi.ts';

const signedIn = () => setAuthRecord({ clientId: 'c', salt: USER.salt, rand: USER.rand, userId: '41', session: USER.session });
const initial = $fineList.get();

beforeAll(() => useTestStorageEngine());
beforeEach(() => $fineList.set({ ...initial }));
afterEach(() => {
  vi.useRealTimers();
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('fine list (spec §4)', () => {
  it('is busy while loading, and a second request while busy returns an empty items list', async () => {
    signedIn();
    let release: () => void = () => {};
    const api = fakeApi({
      'GET /105/api/fineList/by/sts/5': () => new Promise((resolve) => (release = () => resolve(ok({ fines: [fineFixture()], orders: [] })))),
    });
    const first = loadFineList({ by: 'sts', id: 5 });
    expect($fineList.get().busy).toBe(true);
    await expect(loadFineList({ by: 'sts', id: 5 })).resolves.toEqual({ items: [] });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    release();
    const result = await first;
    expect(result.items).toHaveLength(1);
    expect($fineList.get().busy).toBe(false);
    expect($fineList.get().fines[0]?.id).toBe(7);
  });

  it('sends the session as headers, never in the address', async () => {
    signedIn();
    const api = fakeApi({ 'GET /105/api/fineList/by/dl/9': () => ok({ fines: [], orders: [] }) });
    await loadFineList({ by: 'dl', id: 9 });
    const call = api.calls[0];
    expect(call?.headers.get('X-Session')).toBe(USER.session);
    expect(call?.headers.get('X-Rand')).toBe(USER.rand);
    expect(call?.headers.get('X-User-Id')).toBe('41');
    expect([...(call?.query.keys() ?? [])]).toEqual([]);
  });

  it("shows 'только что' within 60 s of the update, then the date and time", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00+03:00') });
    signedIn();
    fakeApi({ 'GET /105/api/fineList/by/sts/5': () => ok({ fines: [], orders: [] }) });
    const unlisten = $lastUpdatedLabel.listen(() => {});
    expect($lastUpdatedLabel.get()).toBe('');
    await loadFineList({ by: 'sts', id: 5 });
    expect($lastUpdatedLabel.get()).toBe('только что');
    vi.setSystemTime(Date.now() + 59_000);
    $now.set(Date.now());
    expect($lastUpdatedLabel.get()).toBe('только что');
    vi.setSystemTime(Date.now() + 1_000);
    $now.set(Date.now());
    expect($lastUpdatedLabel.get()).toMatch(/^\d{2}\.\d{2}\.2026, \d{2}:\d{2}$/);
    unlisten();
  });

  it('finds a ruling by УИН anonymously: no credentials, no registration', async () => {
    const api = fakeApi({ 'GET /105/api/fine/uinInfo': () => ok({ fines: [fineFixture({ identifierType: 'uin' })], orders: [] }) });
    const result = await loadFineList({ by: 'uin', uin: '18810177250101234567' });
    expect(result.items).toHaveLength(1);
    expect(api.calls.map((c) => c.path)).toEqual(['/105/api/fine/uinInfo']);
    expect(api.calls[0]?.headers.get('X-Session')).toBeNull();
    expect($authData.get().web.userId).toBe('');
  });

  it('registers first for a search by car', async () => {
    const api = fakeApi({
      'GET /105/api/client': () => ok({ clientId: '0f8fad5b-d9cb-469f-a165-70867728950e' }),
      'POST /105/api/newuser': () => ok(USER),
      'GET /105/api/fineList/by/car/XTA21099012345678': () => ok({ fines: [], orders: [] }),
    });
    await loadFineList({ by: 'car', car: 'XTA21099012345678' });
    expect(api.calls.map((c) => c.path)).toEqual(['/105/api/client', '/105/api/newuser', '/105/api/fineList/by/car/XTA21099012345678']);
    expect($fineList.get().error).toBe('');
  });

  it('asks for a new search when the document is not the stored session’s', async () => {
    signedIn();
    fakeApi({ 'GET /105/api/fineList/by/sts/5': () => fail(404, 'Не найдено') });
    await loadFineList({ by: 'sts', id: 5 });
    expect($fineList.get()).toMatchObject({ busy: false, needsNewSearch: true, error: SESSION_LOST_MESSAGE });
  });

  it('words a failure in Russian and is not busy afterwards', async () => {
    signedIn();
    fakeApi({ 'GET /105/api/fineList/by/sts/5': () => ({ status: 200, json: { status: 'ok', response: { fines: 'no' } } }) });
    await loadFineList({ by: 'sts', id: 5 });
    expect($fineList.get().busy).toBe(false);
    expect($fineList.get().error).toMatch(/Сервер ответил непонятно/);
  });
});
