import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, setPassword, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import type { Session } from './helpers/testApi.ts';
import { linkToken } from './helpers/smtpSink.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const DAY = 24 * 60 * 60_000;
const login = async (email: string, password: string) =>
  (await api.request('POST', '/105/api/login', { form: { _username: email, _password: password } })).body.response as Session;
const status = async (session: Session) => (await api.request('GET', '/105/api/user', { session })).status;

describe('signing out', () => {
  it('ends this session only, at once, on this process', async () => {
    const first = await signUp(api, 'out@example.ru');
    await setPassword(api, first, 'пароль выхода');
    const second = await login('out@example.ru', 'пароль выхода');
    const reply = await api.request('POST', '/105/api/logout', { session: first });
    expect(reply.body).toEqual({ status: 'ok', response: { revoked: 1 } });
    const after = await api.request('GET', '/105/api/user', { session: first });
    expect(after.status).toBe(401);
    expect(after.body.error?.errorDesc).toBe('Сессия истекла, войдите снова');
    expect(await status(second)).toBe(200);
  });

  it('all=1 ends every session of the account', async () => {
    const first = await signUp(api, 'everywhere@example.ru');
    await setPassword(api, first, 'пароль выхода');
    const second = await login('everywhere@example.ru', 'пароль выхода');
    const third = await login('everywhere@example.ru', 'пароль выхода');
    const reply = await api.request('POST', '/105/api/logout', { session: second, form: { all: '1' } });
    expect(reply.body.response.revoked).toBe(3);
    api.advance(3_000);
    expect([await status(first), await status(second), await status(third)]).toEqual([401, 401, 401]);
  });

  it('refuses a bad flag and needs credentials', async () => {
    const session = await api.register();
    expect((await api.request('POST', '/105/api/logout', { session, form: { all: 'yes' } })).status).toBe(400);
    expect((await api.request('POST', '/105/api/logout')).status).toBe(401);
  });
});

describe('sessions expire after 30 days without use', () => {
  it('lives while used, and ends 30 days after the last use', async () => {
    const session = await signUp(api, 'idle@example.ru');
    for (let i = 0; i < 3; i++) {
      api.advance(20 * DAY);
      expect(await status(session)).toBe(200);
    }
    api.advance(30 * DAY + 60_000);
    const reply = await api.request('GET', '/105/api/user', { session });
    expect(reply.status).toBe(401);
    expect(reply.body.error?.errorDesc).toBe('Сессия истекла, войдите снова');
  });

  it('a session that expired still lets its device sign in again (the stale credentials are ignored)', async () => {
    const session = await signUp(api, 'stale@example.ru');
    await setPassword(api, session, 'пароль устаревший');
    api.advance(31 * DAY);
    const reply = await api.request('POST', '/105/api/login', { session, form: { _username: 'stale@example.ru', _password: 'пароль устаревший' } });
    expect(reply.status).toBe(200);
  });
});

describe('another device', () => {
  it('sees the same documents after signing in with a mailed link', async () => {
    const account = await signUp(api, 'devices@example.ru');
    await api.request('POST', '/105/api/inn', { session: account, form: { inn: '771234567859' } });
    await api.request('POST', '/105/api/fos/send/auth', { form: { email: 'devices@example.ru', type: 'login' } });
    const phone = await api.register();
    const reply = await api.request('POST', '/105/api/login', { session: phone, form: { _token: linkToken(await api.sink.next('devices@example.ru')) } });
    const inns = await api.request('GET', '/105/api/inn', { session: reply.body.response });
    expect(inns.body.response.items.map((i: { inn: string }) => i.inn)).toEqual(['771234567859']);
  });
});

describe('a revoked session dies on every process within seconds', () => {
  it('another process on the same database refuses it once its 2-second cache has passed', async () => {
    const { createApp } = await import('../../server/app.ts');
    const { createSandboxProvider } = await import('../../server/providers/fines/sandbox.ts');
    const { SESSION_CACHE_MS } = await import('../../server/http/caches.ts');
    const other = createApp({ db: api.database.db, clock: () => api.now(), fines: createSandboxProvider(), photoDelayMs: 0, uinRateLimit: 0, trustProxy: false });
    const session = await signUp(api, 'twoprocs@example.ru');
    const onOther = () => other.request('/105/api/user', { headers: { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) } });
    expect((await onOther()).status).toBe(200);
    await api.request('POST', '/105/api/logout', { session });
    api.advance(SESSION_CACHE_MS);
    expect((await onOther()).status).toBe(401);
  });
});
