import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { NO_PHONE_LIMITS, askCode, lastCode, loginByCode } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ phone: { limits: NO_PHONE_LIMITS } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

describe('organizations sign in by phone too', () => {
  it('an organization registered by phone adds its company; its owner reads the phone', async () => {
    await askCode(api, '+79191000001');
    const reply = await loginByCode(api, '+79191000001', await lastCode(api, '79191000001'), undefined, { isLegalEntity: '1' });
    expect(reply.status).toBe(200);
    const owner = reply.body.response;
    const created = await api.request('POST', '/105/api/organization', { session: owner, form: { inn: '7707083893' } });
    expect(created.status).toBe(200);
    expect((await api.request('GET', '/105/api/user', { session: owner })).body.response).toMatchObject({ userType: 3, phone: '+7 919 100-00-01' });
  });

  it('an anonymous device still cannot', async () => {
    expect((await api.request('POST', '/105/api/organization', { session: await api.register(), form: { inn: '7707083893' } })).status).toBe(403);
  });
});
