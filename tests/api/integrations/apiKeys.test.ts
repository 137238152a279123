import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { hashApiKey } from '../../../server/integrations/apiKeys.ts';
import { createMailTestApi } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { FIXTURES } from '../helpers/fixtures.ts';
import type { Session } from '../helpers/testApi.ts';
import { bearer, paidOrganization } from '../helpers/webhookReceiver.ts';

// Issue 26 §4: an organization's owner creates API keys; a key reaches the fleet calls of its own
// organization only, within its scope and its limit, and every call is audited.

let api: MailTestApi;
let owner: { session: Session; organizationId: number };
let other: { session: Session; organizationId: number };
let readKey = '';
let writeKey = '';
let readKeyId = 0;
beforeAll(async () => {
  api = await createMailTestApi();
  owner = await paidOrganization(api, 'api-owner@example.ru');
  other = await paidOrganization(api, 'api-other@example.ru');
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const createKey = (who: { session: Session; organizationId: number }, name: string, scope: string) =>
  api.request('POST', `/105/api/organization/${who.organizationId}/api-keys`, { session: who.session, form: { name, scope } });
const call = (method: string, path: string, key: string, form?: Record<string, string>) => api.request(method, `/105/api/v1${path}`, { headers: bearer(key), ...(form === undefined ? {} : { form }) });

describe('creating keys in the cabinet', () => {
  it('is refused while the organization is in demo (a paid feature)', async () => {
    const demo = await api.request('POST', '/105/api/organization', { session: owner.session, form: { inn: '7707083893' } });
    const reply = await api.request('POST', `/105/api/organization/${demo.body.response.item.id}/api-keys`, { session: owner.session, form: { name: 'Учёт', scope: 'read' } });
    expect(reply.status).toBe(403);
    expect(reply.body.error?.errorDesc).toBe('API и вебхуки доступны с оплаченной подпиской');
  });

  it('shows the key once and keeps only its hash', async () => {
    const reply = await createKey(owner, '1С: чтение', 'read');
    expect(reply.status).toBe(200);
    readKey = reply.body.response.key;
    readKeyId = reply.body.response.item.id;
    expect(readKey).toMatch(/^shk_[A-Za-z0-9_-]{43}$/);
    expect(reply.body.response.item).toMatchObject({ name: '1С: чтение', scope: 'read', prefix: readKey.slice(0, 10), lastUsedAt: null, revokedAt: null });
    const row = await api.deps.db.selectFrom('api_keys').selectAll().where('id', '=', readKeyId).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(readKey));
    expect(JSON.stringify(row)).not.toContain(readKey);
    const list = await api.request('GET', `/105/api/organization/${owner.organizationId}/api-keys`, { session: owner.session });
    expect(JSON.stringify(list.body)).not.toContain(readKey);
    expect(list.body.response.items.map((k: { id: number }) => k.id)).toEqual([readKeyId]);
    writeKey = (await createKey(owner, 'ERP: запись', 'read-write')).body.response.key;
  });

  it.each([
    [{ name: '', scope: 'read' }, 'Поле «Имя» обязательно для заполнения'],
    [{ name: 'Ключ', scope: 'admin' }, 'Права ключа'],
  ])('refuses %j', async (form, message) => {
    const reply = await api.request('POST', `/105/api/organization/${owner.organizationId}/api-keys`, { session: owner.session, form });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toContain(message);
  });

  it("another account cannot list, create or revoke the organization's keys (404)", async () => {
    expect((await api.request('GET', `/105/api/organization/${owner.organizationId}/api-keys`, { session: other.session })).status).toBe(404);
    expect((await createKey({ session: other.session, organizationId: owner.organizationId }, 'чужой', 'read')).status).toBe(404);
    expect((await api.request('DELETE', `/105/api/organization/${owner.organizationId}/api-keys/${readKeyId}`, { session: other.session })).status).toBe(404);
    expect((await api.request('DELETE', `/105/api/organization/${other.organizationId}/api-keys/${readKeyId}`, { session: other.session })).status).toBe(404);
  });
});

describe('calls with a key', () => {
  let vehicleId = 0;
  let otherVehicleId = 0;

  it('a read-write key adds a vehicle; a read key reads but cannot write (403)', async () => {
    const added = await call('POST', '/vehicles', writeKey, FIXTURES.stsWithFines);
    expect(added.status).toBe(200);
    expect(added.body.response).toMatchObject({ added: true, item: { organizationId: owner.organizationId, sts: FIXTURES.stsWithFines.sts } });
    vehicleId = added.body.response.item.id;
    const refused = await call('POST', '/vehicles', readKey, FIXTURES.stsWithoutFines);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.errorDesc).toBe('Этот ключ только для чтения: для изменений создайте ключ с правом записи');
    expect((await call('DELETE', `/vehicles/${vehicleId}`, readKey)).status).toBe(403);
    const list = await call('GET', '/vehicles', readKey);
    expect(list.status).toBe(200);
    expect(list.body.response).toMatchObject({ total: 1, page: 1, items: [{ id: vehicleId }] });
  });

  it('lists fines with filters and paging, and reads one', async () => {
    const all = await call('GET', `/fines?vehicle=${vehicleId}&showBy=2`, readKey);
    expect(all.status).toBe(200);
    expect(all.body.response.total).toBe(FIXTURES.stsWithFinesUins.length);
    expect(all.body.response.items).toHaveLength(2);
    expect(all.body.response.items.every((f: { masked: boolean }) => !f.masked)).toBe(true);
    const second = await call('GET', `/fines?vehicle=${vehicleId}&showBy=2&page=2`, readKey);
    expect(second.body.response.items).toHaveLength(1);
    const discount = await call('GET', '/fines?discount=1&paid=0', readKey);
    expect(discount.body.response.items.every((f: { discountActive: boolean; paid: boolean }) => f.discountActive && !f.paid)).toBe(true);
    const first = all.body.response.items[0];
    const one = await call('GET', `/fines/${first.id}`, readKey);
    expect(one.status).toBe(200);
    expect(one.body.response.item).toMatchObject({ id: first.id, uin: first.uin, vehicleId, amountToPayKopecks: first.amountToPayKopecks });
    expect((await call('GET', '/fines?page=0', readKey)).status).toBe(400);
  });

  it("another organization's vehicle and fine are 404, as if they did not exist", async () => {
    const otherKey = (await createKey(other, 'их ключ', 'read-write')).body.response.key;
    const added = await call('POST', '/vehicles', otherKey, FIXTURES.stsWithoutFines);
    otherVehicleId = added.body.response.item.id;
    const ours = (await call('GET', `/fines?vehicle=${vehicleId}`, readKey)).body.response.items[0].id;
    expect((await call('GET', `/fines?vehicle=${vehicleId}`, otherKey)).status).toBe(404);
    expect((await call('GET', `/fines/${ours}`, otherKey)).status).toBe(404);
    expect((await call('DELETE', `/vehicles/${vehicleId}`, otherKey)).status).toBe(404);
    expect((await call('GET', `/fines?vehicle=${otherVehicleId}`, readKey)).status).toBe(404);
    expect((await call('DELETE', `/vehicles/${otherVehicleId}`, writeKey)).status).toBe(404);
    expect((await call('GET', '/vehicles', otherKey)).body.response.items.map((v: { id: number }) => v.id)).toEqual([otherVehicleId]);
  });

  it('notes the last use in the list', async () => {
    const list = await api.request('GET', `/105/api/organization/${owner.organizationId}/api-keys`, { session: owner.session });
    const key = list.body.response.items.find((k: { id: number }) => k.id === readKeyId);
    expect(key.lastUsedAt).toBe(api.now().toISOString());
  });

  it('audits every call, refusals included, under the key and the owner', async () => {
    const rows = await api.deps.db.selectFrom('audit_log').selectAll().where('object_type', '=', 'apiKey').where('object_id', '=', String(readKeyId)).orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.outcome])).toContainEqual(['api.vehicles.add', 'refused']);
    expect(rows.map((r) => [r.action, r.outcome])).toContainEqual(['api.fines.read', 'ok']);
    expect(rows.every((r) => r.user_id === owner.session.userId)).toBe(true);
    const created = await api.deps.db.selectFrom('audit_log').select('action').where('action', '=', 'integration.keyCreate').execute();
    expect(created.length).toBeGreaterThanOrEqual(3);
  });

  it('without a key, with an unknown key, or with a revoked key: 401', async () => {
    expect((await api.request('GET', '/105/api/v1/vehicles')).status).toBe(401);
    expect((await call('GET', '/vehicles', 'shk_not-a-real-key')).status).toBe(401);
    const revoked = await api.request('DELETE', `/105/api/organization/${owner.organizationId}/api-keys/${readKeyId}`, { session: owner.session });
    expect(revoked.status).toBe(200);
    const reply = await call('GET', '/vehicles', readKey);
    expect(reply.status).toBe(401);
    expect(reply.body.error?.errorDesc).toBe('API-ключ недействителен или отозван');
    const list = await api.request('GET', `/105/api/organization/${owner.organizationId}/api-keys`, { session: owner.session });
    expect(list.body.response.items.find((k: { id: number }) => k.id === readKeyId).revokedAt).toBe(api.now().toISOString());
    expect((await call('GET', '/vehicles', writeKey)).status).toBe(200);
  });

  it('stops answering (403) once the subscription has ended', async () => {
    await api.deps.db.updateTable('organizations').set({ subscription_end: new Date(api.now().getTime() - 1000) }).where('id', '=', owner.organizationId).execute();
    const reply = await call('GET', '/vehicles', writeKey);
    expect(reply.status).toBe(403);
    await api.deps.db.updateTable('organizations').set({ subscription_end: new Date(api.now().getTime() + 30 * 86_400_000) }).where('id', '=', owner.organizationId).execute();
  });
});

describe('limits per key', () => {
  it('count calls of one key across processes (the shared table), with Retry-After; another key has its own', async () => {
    const one = createApp({ ...api.deps, apiKeyRateLimit: 3 });
    const two = createApp({ ...api.deps, apiKeyRateLimit: 3 });
    const key = (await createKey(owner, 'лимит', 'read')).body.response.key;
    const spare = (await createKey(owner, 'запасной', 'read')).body.response.key;
    const get = (app: typeof one, k: string) => app.request('/105/api/v1/vehicles', { headers: bearer(k) });
    expect((await get(one, key)).status).toBe(200);
    expect((await get(two, key)).status).toBe(200);
    expect((await get(one, key)).status).toBe(200);
    const refused = await get(two, key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await get(one, spare)).status).toBe(200);
    api.advance(60_000);
    expect((await get(one, key)).status).toBe(200);
  });
});
