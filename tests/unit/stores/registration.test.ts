import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiReplyError, NetworkError } from '../../../src/api/errors.ts';
import { $authData, $credentials, emptyAuthData } from '../../../src/stores/authData.ts';
import { REGISTRATION_ATTEMPTS, REGISTRATION_RETRY_MS, ensureUser, registerUser } from '../../../src/stores/registration.ts';
import { USER, fail, fakeApi, ok } from './fakeApi.ts';

const CLIENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

beforeAll(() => useTestStorageEngine());
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('registration (spec §4, §9: 3 attempts, 4 s apart, until ok)', () => {
  it('registers with a client id and stores the auth data', async () => {
    const api = fakeApi({ 'GET /105/api/client': () => ok({ clientId: CLIENT_ID }), 'POST /105/api/newuser': () => ok(USER) });
    const credentials = await registerUser({ sts: '77УК123456', plate: 'А123ВС77' });
    expect(credentials).toEqual({ session: USER.session, rand: USER.rand, userId: '41' });
    expect($authData.get().web).toEqual({ clientId: CLIENT_ID, salt: USER.salt, rand: USER.rand, userId: '41', session: USER.session });
    const body = new URLSearchParams(api.calls[1]?.body);
    expect(Object.fromEntries(body)).toEqual({ clientId: CLIENT_ID, channel: 'fine', sts: '77УК123456', plate: 'А123ВС77' });
  });

  it('makes 3 attempts 4 s apart and succeeds on the third', async () => {
    const api = fakeApi({
      'GET /105/api/client': () => ok({ clientId: CLIENT_ID }),
      'POST /105/api/newuser': [() => fail(503, 'нет'), () => fail(500, 'нет'), () => ok(USER)],
    });
    const done = registerUser();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls.filter((c) => c.path === '/105/api/newuser')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REGISTRATION_RETRY_MS - 1);
    expect(api.calls.filter((c) => c.path === '/105/api/newuser')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls.filter((c) => c.path === '/105/api/newuser')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(REGISTRATION_RETRY_MS);
    await expect(done).resolves.toMatchObject({ userId: '41' });
    expect(api.calls.filter((c) => c.path === '/105/api/newuser')).toHaveLength(3);
  });

  it('gives up after 3 attempts with the last error and stores nothing', async () => {
    const fetchFails = () => {
      throw new TypeError('offline');
    };
    const api = fakeApi({ 'GET /105/api/client': () => ok({ clientId: CLIENT_ID }), 'POST /105/api/newuser': fetchFails });
    const done = registerUser();
    const outcome = expect(done).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(REGISTRATION_RETRY_MS * REGISTRATION_ATTEMPTS);
    await outcome;
    expect(api.calls.filter((c) => c.path === '/105/api/newuser')).toHaveLength(REGISTRATION_ATTEMPTS);
    expect($credentials.get()).toBeUndefined();
  });

  it('does not repeat a request the server rejects for its content', async () => {
    const api = fakeApi({ 'GET /105/api/client': () => ok({ clientId: CLIENT_ID }), 'POST /105/api/newuser': () => fail(422, 'Некорректный номер СТС') });
    await expect(registerUser({ sts: '1', plate: '2' })).rejects.toEqual(new ApiReplyError(422, 'Некорректный номер СТС'));
    expect(api.calls.filter((c) => c.path === '/105/api/newuser')).toHaveLength(1);
  });

  it('asks for a new client id when the server no longer knows the stored one', async () => {
    $authData.set({ ...emptyAuthData(), web: { clientId: 'old', salt: '', rand: '', userId: '', session: '' } });
    const api = fakeApi({
      'GET /105/api/client': () => ok({ clientId: CLIENT_ID }),
      'POST /105/api/newuser': [() => fail(422, 'Неизвестный clientId: получите его через /105/api/client'), () => ok(USER)],
    });
    const done = registerUser();
    await vi.advanceTimersByTimeAsync(REGISTRATION_RETRY_MS);
    await expect(done).resolves.toMatchObject({ userId: '41' });
    expect(api.calls.map((c) => c.path)).toEqual(['/105/api/newuser', '/105/api/client', '/105/api/newuser']);
  });

  it('shares one registration between concurrent callers and reuses stored credentials', async () => {
    const api = fakeApi({ 'GET /105/api/client': () => ok({ clientId: CLIENT_ID }), 'POST /105/api/newuser': () => ok(USER) });
    const [a, b] = await Promise.all([ensureUser(), ensureUser()]);
    expect(a).toEqual(b);
    await ensureUser();
    expect(api.calls.filter((c) => c.path === '/105/api/newuser')).toHaveLength(1);
  });
});
