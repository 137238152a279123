import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from './helpers/fixtures.ts';
import type { TestApi } from './helpers/testApi.ts';
import { createTestApi } from './helpers/testApi.ts';
import { createApp } from '../../server/app.ts';
import { createSandboxProvider } from '../../server/providers/fines/sandbox.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ uinRateLimit: 3, trustProxy: true });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** An anonymous УИН search from the given address. */
const search = (address: string, path = '/105/api/fine/uinInfo', spoofed = '192.0.2.99') =>
  api.request('GET', `${path}?uin=${FIXTURES.anonymousUin}`, { headers: { 'X-Forwarded-For': `${spoofed}, ${address}` } });

describe('rate limit of anonymous УИН searches', () => {
  it('allows the limit per minute per address, then answers 429 in Russian', async () => {
    for (let i = 0; i < 3; i++) expect((await search('203.0.113.1')).status).toBe(200);
    const over = await search('203.0.113.1');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ status: 'error', error: { errorDesc: expect.stringMatching(/^Слишком много запросов\. Повторите через \d+ с$/) } });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // The tax search shares the budget.
    expect((await search('203.0.113.1', '/105/api/tax/uinInfo')).status).toBe(429);
    // Another address has its own.
    expect((await search('203.0.113.2')).status).toBe(200);
  });

  it('counts by the hop the proxy saw, whatever the client puts before it', async () => {
    for (let i = 0; i < 3; i++) expect((await search('203.0.113.7', '/105/api/fine/uinInfo', `10.9.9.${i}`)).status).toBe(200);
    expect((await search('203.0.113.7', '/105/api/fine/uinInfo', '10.9.9.200')).status).toBe(429);
  });

  it('counts afresh in the next minute', async () => {
    for (let i = 0; i < 3; i++) await search('203.0.113.3');
    expect((await search('203.0.113.3')).status).toBe(429);
    api.advance(60_000);
    expect((await search('203.0.113.3')).status).toBe(200);
  });

  it('does not trust X-Forwarded-For unless told to', async () => {
    const strict = await createTestApi({ uinRateLimit: 2, trustProxy: false });
    try {
      const statuses = [];
      for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        const reply = await strict.request('GET', `/105/api/fine/uinInfo?uin=${FIXTURES.anonymousUin}`, { headers: { 'X-Forwarded-For': address } });
        statuses.push(reply.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await strict.close();
    }
  });

  it('does not limit other calls', async () => {
    for (let i = 0; i < 5; i++) expect((await api.request('GET', '/105/api/client', { headers: { 'X-Forwarded-For': '203.0.113.1' } })).status).toBe(200);
  });
});

describe('the limits are shared and keyed sensibly', () => {
  it('counts an IPv6 client by its /64: another address in the same /64 shares the budget', async () => {
    for (let i = 1; i <= 3; i++) expect((await search(`2001:db8:aa:bb::${i}`)).status).toBe(200);
    expect((await search('2001:db8:aa:bb:ffff:1:2:3')).status).toBe(429);
    expect((await search('2001:db8:aa:bc::1')).status).toBe(200);
  });

  it('refills gradually: one search comes back after a third of the minute', async () => {
    for (let i = 0; i < 3; i++) await search('203.0.113.40');
    const over = await search('203.0.113.40');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('20');
    api.advance(20_000);
    expect((await search('203.0.113.40')).status).toBe(200);
    expect((await search('203.0.113.40')).status).toBe(429);
  });

  it('holds across two API processes on one database (and so across a restart)', async () => {
    const moment = api.now();
    const other = createApp({
      db: api.database.db,
      clock: () => moment,
      fines: createSandboxProvider(),
      photoDelayMs: 0,
      uinRateLimit: 3,
      trustProxy: true,
    });
    const fromOther = () =>
      other.request(`/105/api/fine/uinInfo?uin=${FIXTURES.anonymousUin}`, { headers: { 'X-Forwarded-For': '203.0.113.77' } });
    expect((await search('203.0.113.77')).status).toBe(200);
    expect((await fromOther()).status).toBe(200);
    expect((await search('203.0.113.77')).status).toBe(200);
    expect((await fromOther()).status).toBe(429);
  });
});


describe('new visitors and plate lookups are limited (issue 17 item 3)', () => {
  it('GET /client and POST /newuser: 30 a minute per address, then 429', async () => {
    const limited = await createTestApi({ clientRateLimit: 30, trustProxy: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await limited.request('GET', '/105/api/client', { headers: { 'X-Forwarded-For': '198.51.100.9' } })).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.at(-1)).toBe(429);
      expect((await limited.request('GET', '/105/api/client', { headers: { 'X-Forwarded-For': '198.51.100.10' } })).status).toBe(200);
      const rows = Number((await limited.database.db.selectFrom('clients').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(rows).toBe(31);
    } finally {
      await limited.close();
    }
  });

  it('plate lookups: 30 a minute per user', async () => {
    const limited = await createTestApi({ lookupRateLimit: 30 });
    try {
      const session = await limited.register();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await limited.request('GET', `/105/api/fineList/by/car/${encodeURIComponent(`А${String(100 + i)}ВС77`)}`, { session })).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
