import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { TestApi } from '../api/helpers/testApi.ts';
import { NO_PHONE_LIMITS } from '../api/phone/helpers.ts';
import { start } from '../api/oauth/helpers.ts';

let api: TestApi;
let production: TestApi;
beforeAll(async () => {
  api = await createTestApi({ phone: { limits: NO_PHONE_LIMITS } });
  // As in production without the providers' and the SMS service's settings.
  production = await createTestApi({ phone: { sms: 'off' }, oauth: { yandex: 'off', vk: 'off' } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  expect(production.unexpected).toEqual([]);
  await api.close();
  await production.close();
});

describe('attacks on sign-in by phone and by provider (issue 29)', () => {
  it('huge or strange numbers and codes are refused (413 for a body over the cap, else 422), never a 500', async () => {
    for (const phone of ['9'.repeat(100_000), '9'.repeat(5_000), '+7 916 123-45-67\u0000', '<script>', '79161234567; drop table users']) {
      expect([413, 422]).toContain((await api.request('POST', '/105/api/phone/code', { form: { phone } })).status);
    }
    expect([413, 422]).toContain((await api.request('POST', '/105/api/phone/login', { form: { phone: '+79161234567', code: '1'.repeat(100_000) } })).status);
    expect((await api.request('POST', '/105/api/phone/login', { form: { phone: '+79161234567', code: '1'.repeat(2_000) } })).status).toBe(422);
  });

  it('the sandbox consent page sends codes only to the registered return address', async () => {
    const device = await api.register();
    const { authorizeUrl } = await start(api, 'yandex', device);
    const url = new URL(authorizeUrl);
    url.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const page = await api.app.request(url.pathname + url.search);
    expect(page.status).toBe(400);
    const posted = await api.app.request(url.pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), login: 'x', decision: 'allow' }).toString() });
    expect(posted.status).toBe(400);
    expect(posted.headers.get('location')).toBeNull();
  });

  it('a consent request without PKCE is refused', async () => {
    const url = new URL('http://localhost:4321/105/oauth-sandbox/vk/authorize');
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: 'shtrafy-sandbox', redirect_uri: 'http://localhost:4321/auth/oauth/', state: 'x'.repeat(43) })) url.searchParams.set(k, v);
    expect((await api.app.request(url.pathname + url.search)).status).toBe(400);
  });

  it('without settings (production) there is no provider sandbox and no SMS sandbox', async () => {
    expect((await production.app.request('/105/oauth-sandbox/yandex/authorize')).status).toBe(404);
    const device = await production.register();
    expect((await production.request('POST', '/105/api/oauth/yandex/start', { session: device })).status).toBe(404);
    expect((await production.request('GET', '/105/api/user/identities', { session: device })).body.response.offered).toEqual([]);
    const code = await production.request('POST', '/105/api/phone/code', { form: { phone: '+79161234567' } });
    expect(code.status).toBe(503);
    expect(await production.deps.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });
});
