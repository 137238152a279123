import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiReplyError, ValidationError } from '../../../src/api/errors.ts';
import { $photos, fetchPhotos, loadPhotos } from '../../../src/stores/photo.ts';
import { fail, fakeApi, ok, wait } from './fakeApi.ts';

const photo = { url: '/105/api/photo/image/abc.svg', width: 1280, height: 720, title: 'Кадр 1' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('photo retrieval (spec §4, §8)', () => {
  it('retries after wait.timeout seconds: wait → wait → ok', async () => {
    const api = fakeApi({ 'GET /105/api/photo': [() => wait(2), () => wait(1), () => ok({ photos: [photo] })] });
    const done = fetchPhotos({ hash: 'AbCdEfGhIjKlMnOpQrStUv' });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(done).resolves.toEqual([photo]);
    expect(api.calls).toHaveLength(3);
    expect(api.calls[0]?.query.get('hash')).toBe('AbCdEfGhIjKlMnOpQrStUv');
  });

  it('fails with error.errorDesc on status error', async () => {
    fakeApi({ 'GET /105/api/photo': () => fail(404, 'Фотография нарушения отсутствует') });
    const done = fetchPhotos({ hash: 'AbCdEfGhIjKlMnOpQrStUv' });
    await expect(done).rejects.toBeInstanceOf(ApiReplyError);
    await expect(done).rejects.toThrow('Фотография нарушения отсутствует');
  });

  it.each([
    ['an unknown status', { status: 'maybe' }],
    ['ok without photos', { status: 'ok', response: {} }],
    ['wait without a timeout', { status: 'wait', response: {} }],
    ['not JSON at all', 'oops'],
  ])("raises 'Unexpected response' for %s", async (_name, json) => {
    fakeApi({ 'GET /105/api/photo': () => ({ json }) });
    const done = fetchPhotos({ fineId: 7, auth: { session: 'a'.repeat(64), rand: 'b'.repeat(32), userId: '1' } });
    await expect(done).rejects.toBeInstanceOf(ValidationError);
    await expect(done).rejects.toThrow('Unexpected response');
  });

  it('sends the fine id with the session as headers', async () => {
    const api = fakeApi({ 'GET /105/api/photo': () => ok({ photos: [] }) });
    await fetchPhotos({ fineId: 7, auth: { session: 'a'.repeat(64), rand: 'b'.repeat(32), userId: '1' } });
    expect(api.calls[0]?.query.get('fineId')).toBe('7');
    expect(api.calls[0]?.query.get('session')).toBeNull();
    expect(api.calls[0]?.headers.get('X-Session')).toBe('a'.repeat(64));
  });

  it('keeps a ruling without a camera apart from a failure in the store', async () => {
    fakeApi({ 'GET /105/api/photo': () => fail(404, 'Фотография нарушения отсутствует') });
    await loadPhotos({ hash: 'AbCdEfGhIjKlMnOpQrStUv' });
    expect($photos.get().current).toEqual({ state: 'missing', message: 'Фотография нарушения отсутствует' });
    fakeApi({ 'GET /105/api/photo': () => ({ json: { status: 'ok' } }) });
    await loadPhotos({ hash: 'AbCdEfGhIjKlMnOpQrStUv' });
    expect($photos.get().current.state).toBe('error');
  });
});
