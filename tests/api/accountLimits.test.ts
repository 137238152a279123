import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../server/accounts/authLimits.ts';
import { createMailTestApi } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi({ authLimits: AUTH_LIMITS, trustProxy: true });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const from = (address: string) => ({ 'X-Forwarded-For': address });

describe('the account calls are limited per address and per e-mail', () => {
  it(`password guesses for one e-mail stop after ${AUTH_LIMITS.loginPerEmail.limit}, whatever the address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMITS.loginPerEmail.limit; i++) {
      const reply = await api.request('POST', '/105/api/login', { headers: from(`198.51.100.${i + 1}`), form: { _username: 'target@example.ru', _password: `guess ${i}` } });
      statuses.push(reply.status);
      if (reply.status === 429) {
        expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(reply.body.error?.errorDesc).toMatch(/^Слишком много запросов\. Повторите через \d+ с$/);
      }
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it(`mails to one address stop after ${AUTH_LIMITS.mailPerEmail.limit} an hour, and come back later`, async () => {
    const send = (i: number) => api.request('POST', '/105/api/fos/send/auth', { headers: from(`203.0.113.${i + 1}`), form: { email: 'flood@example.ru', type: 'login' } });
    for (let i = 0; i < AUTH_LIMITS.mailPerEmail.limit; i++) expect((await send(i)).status).toBe(200);
    expect((await send(99)).status).toBe(429);
    api.advance(AUTH_LIMITS.mailPerEmail.windowMs);
    expect((await send(100)).status).toBe(200);
  });

  it(`one address asking whether accounts exist stops after ${AUTH_LIMITS.existsPerAddress.limit} a minute`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMITS.existsPerAddress.limit; i++) {
      statuses.push((await api.request('GET', `/105/api/fos/exists?email=user${i}@example.ru`, { headers: from('192.0.2.50') })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(AUTH_LIMITS.existsPerAddress.limit);
  });
});
