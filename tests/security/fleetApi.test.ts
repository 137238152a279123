import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createMailTestApi } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { FIXTURES } from '../api/helpers/fixtures.ts';
import type { Session } from '../api/helpers/testApi.ts';
import { bearer, paidOrganization } from '../api/helpers/webhookReceiver.ts';

// Attacks on the integrator API's drivers, waybills and payment registries: huge or malformed lists,
// ids that are not ids, paging beyond reason, prototype keys, and the per-key limit on the new calls.

let api: MailTestApi;
let owner: { session: Session; organizationId: number };
let writeKey = '';
const BANK = { account: '40702810938000012345', bik: '044525225', bankName: 'ПАО Сбербанк', correspondentAccount: '30101810400000000225' };
beforeAll(async () => {
  api = await createMailTestApi();
  owner = await paidOrganization(api, 'fleet-api-attack@example.ru');
  writeKey = (await api.request('POST', `/105/api/organization/${owner.organizationId}/api-keys`, { session: owner.session, form: { name: 'ERP', scope: 'read-write' } })).body.response.key;
  await api.request('POST', '/105/api/v1/vehicles', { headers: bearer(writeKey), form: FIXTURES.stsWithFines });
  await api.request('POST', `/105/api/organization/${owner.organizationId}/bank-account`, { session: owner.session, form: BANK });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const call = (method: string, path: string, json?: unknown) => api.request(method, `/105/api/v1${path}`, { headers: bearer(writeKey), ...(json === undefined ? {} : { json }) });

describe('payment registries', () => {
  it.each([
    ['10 001 ids', { fineIds: Array.from({ length: 10_001 }, (_, i) => i + 1) }],
    ['fractions', { fineIds: [1.5] }],
    ['negative ids', { fineIds: [-1] }],
    ['ids as text with SQL', { fineIds: '1) or (1=1' }],
    ['an object', { fineIds: { 0: 1 } }],
  ])('refuses %s with 422, writes nothing', async (_, body) => {
    const reply = await call('POST', '/payment-registries', body);
    expect(reply.status).toBe(422);
    expect(await api.deps.db.selectFrom('payment_registries').select('id').execute()).toEqual([]);
    expect(await api.deps.db.selectFrom('fine_payment_exports').select('fine_id').execute()).toEqual([]);
  });

  it('answers 400 for ids in the path that are not ids, and 404 for one past any registry', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', '1%27%20or%201=1']) expect((await call('GET', `/payment-registries/${id}/file?format=1c`)).status).toBe(400);
    expect((await call('GET', '/payment-registries/2147483647')).status).toBe(404);
  });

  it('caps a page at 100 registries, whatever showBy asks', async () => {
    const reply = await call('GET', '/payment-registries?showBy=1000000');
    expect(reply.status).toBe(200);
    expect(reply.body.response.showBy).toBe(100);
  });
});

describe('drivers and waybills', () => {
  it('ignores keys that shadow Object’s methods in a driver’s JSON', async () => {
    const reply = await api.app.request('/105/api/v1/drivers', {
      method: 'POST',
      headers: { ...bearer(writeKey), 'content-type': 'application/json' },
      body: '{"driverLicense":"7701123456","__proto__":{"scope":"admin"},"constructor":{"prototype":{"x":1}}}',
    });
    expect(reply.status).toBe(200);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('caps a page of waybills at 500 and refuses a period of years given as text', async () => {
    expect((await call('GET', '/assignments?showBy=99999')).body.response.showBy).toBe(500);
    expect((await call('GET', '/assignments?from=2026-03-01T00:00:00Z')).status).toBe(400);
    expect((await call('GET', `/assignments?to=${'9'.repeat(5000)}`)).status).toBe(400);
  });

  it('a name longer than the field takes is a 422, not a cut or a 500', async () => {
    const reply = await call('POST', '/drivers', { driverLicense: '7705123456', fullName: 'Я'.repeat(10_000) });
    expect(reply.status).toBe(422);
  });
});

describe('the per-key limit', () => {
  it('counts the new calls with the old ones: past the limit, 429 for drivers, waybills and registries alike', async () => {
    const app = createApp({ ...api.deps, apiKeyRateLimit: 3 });
    const key = (await api.request('POST', `/105/api/organization/${owner.organizationId}/api-keys`, { session: owner.session, form: { name: 'лимит', scope: 'read' } })).body.response.key;
    const get = (path: string) => app.request(`/105/api/v1${path}`, { headers: bearer(key) });
    expect((await get('/drivers')).status).toBe(200);
    expect((await get('/assignments')).status).toBe(200);
    expect((await get('/payment-registries')).status).toBe(200);
    for (const path of ['/drivers', '/assignments', '/payment-registries']) expect((await get(path)).status).toBe(429);
  });
});
