import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { TestApi } from '../api/helpers/testApi.ts';
import { NO_PHONE_LIMITS, lastCode, signInByPhone } from '../api/phone/helpers.ts';
import { consent, finish, signInWith, start } from '../api/oauth/helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ phone: { limits: NO_PHONE_LIMITS } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

describe('attacks on erasure confirmed by an SMS code or a provider (issue 29)', () => {
  it('huge or strange codes are refused (413 or 422), never a 500, and erase nothing', async () => {
    const account = await signInByPhone(api, '+79184000001');
    await api.request('POST', '/105/api/account/erase/code', { session: account });
    for (const code of ['1'.repeat(100_000), '1'.repeat(2_000), '12345', '1234567', "1' or '1'='1", '١٢٣٤٥٦']) {
      expect([413, 422]).toContain((await api.request('POST', '/105/api/account/erase/by-code', { session: account, form: { code } })).status);
    }
    expect((await api.request('GET', '/105/api/user', { session: account })).status).toBe(200);
  });

  it('the right code sent twice at once erases once; the other answer is a refusal, not a 500', async () => {
    const account = await signInByPhone(api, '+79184000002');
    await api.request('POST', '/105/api/account/erase/code', { session: account });
    const code = await lastCode(api, '79184000002');
    const replies = await Promise.all([0, 1].map(() => api.request('POST', '/105/api/account/erase/by-code', { session: account, form: { code } })));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses[0]).toBe(200);
    // Whichever step the second one reaches after the first erased: no session (401), no phone left to
    // confirm by (403), or the code already taken (410).
    expect([401, 403, 410]).toContain(statuses[1]);
  });

  it("a sign-in flow's state replayed at the finish does not become an erase proof", async () => {
    const account = await signInWith(api, 'vk', 'replayer');
    const login = await start(api, 'vk', account, 'login');
    const back = await consent(api, login.authorizeUrl, 'replayer');
    // Finishing the sign-in flow signs in again (a new session), it proves nothing about erasure.
    expect((await finish(api, 'vk', account, back)).status).toBe(200);
    expect((await api.request('POST', '/105/api/account/erase/by-provider', { session: account })).status).toBe(403);
    // An erase flow's return used twice: the second finish is refused, the proof is taken once.
    const erase = await start(api, 'vk', account, 'erase');
    const eraseBack = await consent(api, erase.authorizeUrl, 'replayer');
    expect((await finish(api, 'vk', account, eraseBack)).status).toBe(200);
    expect((await finish(api, 'vk', account, eraseBack)).status).toBe(400);
  });
});
