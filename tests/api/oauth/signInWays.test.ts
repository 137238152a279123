import { describe, expect, it } from 'vitest';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';

/** Runs `check` on a fresh app with these settings, and closes it. */
async function withApi(overrides: Parameters<typeof createTestApi>[0], check: (api: TestApi) => Promise<void>) {
  const api = await createTestApi(overrides);
  try {
    await check(api);
    expect(api.unexpected).toEqual([]);
  } finally {
    await api.close();
  }
}

describe('GET /auth/ways: the ways of signing in this server offers', () => {
  it('outside production, without settings: the SMS sandbox and both provider sandboxes, to anyone', async () => {
    await withApi({}, async (api) => {
      const reply = await api.request('GET', '/105/api/auth/ways');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ status: 'ok', response: { phone: true, providers: ['yandex', 'vk'] } });
      expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
    });
  });

  it('production without SMS_PROVIDER and provider apps: none of them (and their calls answer 503/404, as the site no longer offers them)', async () => {
    await withApi({ phone: { sms: 'off' }, oauth: { yandex: 'off', vk: 'off' } }, async (api) => {
      expect((await api.request('GET', '/105/api/auth/ways')).body.response).toEqual({ phone: false, providers: [] });
      expect((await api.request('POST', '/105/api/phone/code', { form: { phone: '+79183000001' } })).status).toBe(503);
      const device = await api.register();
      expect((await api.request('POST', '/105/api/oauth/vk/start', { session: device, form: {} })).status).toBe(404);
    });
  });

  it('one provider configured, the other off; a daily SMS budget of 0 sends none, so the phone is not offered', async () => {
    await withApi({ phone: { dailyBudget: 0 }, oauth: { yandex: 'off' } }, async (api) => {
      expect((await api.request('GET', '/105/api/auth/ways')).body.response).toEqual({ phone: false, providers: ['vk'] });
    });
  });
});
