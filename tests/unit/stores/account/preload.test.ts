import { getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $preloaded, PRELOAD_FAILED, PreloadError, preloadTaxes } from '../../../../src/stores/profile/preload.ts';
import { USER, fail, fakeApi, ok } from '../fakeApi.ts';
import type { Handler } from '../fakeApi.ts';
import { resetAccountStores, signedIn } from './fixtures.ts';

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => {
  vi.useRealTimers();
  resetAccountStores();
});

describe('preloadTaxes (spec §4 Preload)', () => {
  it('asks with web=1 and the session; a ready list adds the user id to the stored preloaded list', async () => {
    signedIn({});
    const api = fakeApi({ 'GET /105/api/preload': () => ok({ taxeslist: true }) });
    await expect(preloadTaxes()).resolves.toBeUndefined();
    expect(Object.fromEntries(api.calls[0]?.query ?? [])).toEqual({ web: '1' });
    expect(api.calls[0]?.headers.get('X-Session')).toBe(USER.session);
    expect($preloaded.get()).toEqual(['41']);
    expect(JSON.parse(getTestStorage()['preloaded'] ?? '[]')).toEqual(['41']);
  });

  it('adds the user id once, keeping the others', async () => {
    signedIn({});
    $preloaded.set(['7', '41']);
    fakeApi({ 'GET /105/api/preload': () => ok({ taxeslist: true }) });
    await preloadTaxes();
    await preloadTaxes();
    expect($preloaded.get()).toEqual(['7', '41']);
  });

  it('asks again after the seconds the server says, until the list is ready', async () => {
    vi.useFakeTimers();
    signedIn({});
    const api = fakeApi({ 'GET /105/api/preload': [() => ok({ wait: 3 }), () => ok({ wait: 1 }), () => ok({ taxeslist: true })] });
    const done = preloadTaxes();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(api.calls).toHaveLength(2);
    expect($preloaded.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBeUndefined();
    expect(api.calls).toHaveLength(3);
    expect($preloaded.get()).toEqual(['41']);
  });

  it('without a session fails with «Ошибка запроса» and asks nothing', async () => {
    const api = fakeApi({});
    await expect(preloadTaxes()).rejects.toMatchObject({ message: PRELOAD_FAILED });
    expect(PRELOAD_FAILED).toBe('Ошибка запроса');
    expect(api.calls).toHaveLength(0);
  });
});

describe('preload errors (spec §8)', () => {
  it.each<[string, Handler, string]>([
    ['an error reply gives its errorDesc', () => fail(422, 'Добавьте ИНН, чтобы найти налоги'), 'Добавьте ИНН, чтобы найти налоги'],
    ['a server error reply gives its errorDesc too', () => fail(503, 'ФНС не отвечает'), 'ФНС не отвечает'],
    ['an error reply without a text', () => fail(500, ''), 'Ошибка запроса'],
    [
      'no reply',
      () => {
        throw new TypeError('offline');
      },
      'Ошибка запроса',
    ],
    ['a reply of another shape', () => ok({ ready: 'yes' }), 'Ошибка запроса'],
    ['a list that is not ready and no wait', () => ok({ taxeslist: false }), 'Ошибка запроса'],
    ['a wait of 0 s', () => ok({ wait: 0 }), 'Ошибка запроса'],
    ['a negative wait', () => ok({ wait: -5 }), 'Ошибка запроса'],
  ])('%s', async (_name, handler, message) => {
    signedIn({});
    const api = fakeApi({ 'GET /105/api/preload': handler });
    const failure = await preloadTaxes().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PreloadError);
    expect(failure).toMatchObject({ message });
    expect(api.calls).toHaveLength(1);
    expect($preloaded.get()).toEqual([]);
  });

  it('a failure after a wait still fails (no endless retry)', async () => {
    vi.useFakeTimers();
    signedIn({});
    const api = fakeApi({ 'GET /105/api/preload': [() => ok({ wait: 2 }), () => fail(500, 'ФНС не отвечает')] });
    const done = preloadTaxes();
    const outcome = expect(done).rejects.toMatchObject({ message: 'ФНС не отвечает' });
    await vi.advanceTimersByTimeAsync(2_000);
    await outcome;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.calls).toHaveLength(2);
  });
});

describe('the stored preloaded list', () => {
  it.each<[string, string[]]>([
    ['["41","7"]', ['41', '7']],
    ['["41",7,null]', ['41']],
    ['{"41":true}', []],
    ['oops', []],
  ])('%s reads as %j', (text, ids) => {
    const unlisten = $preloaded.listen(() => {});
    setTestStorageKey('preloaded', text);
    expect($preloaded.get()).toEqual(ids);
    unlisten();
  });
});
