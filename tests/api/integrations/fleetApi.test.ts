import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { FIXTURES } from '../helpers/fixtures.ts';
import type { Session } from '../helpers/testApi.ts';
import { bearer, paidOrganization } from '../helpers/webhookReceiver.ts';

// Issue 26 §4: the integrator API's drivers, assignments (waybills) and payment registries — the
// same scope check, limits and audit as vehicles and fines; another organization's objects are 404,
// bad input a 422 in Russian.

let api: MailTestApi;
let owner: { session: Session; organizationId: number };
let other: { session: Session; organizationId: number };
let readKey = '';
let writeKey = '';
let otherKey = '';
let vehicleId = 0;
let otherVehicleId = 0;
const BANK = { account: '40702810938000012345', bik: '044525225', bankName: 'ПАО Сбербанк', correspondentAccount: '30101810400000000225' };

const createKey = async (who: { session: Session; organizationId: number }, name: string, scope: string): Promise<string> =>
  (await api.request('POST', `/105/api/organization/${who.organizationId}/api-keys`, { session: who.session, form: { name, scope } })).body.response.key;
const call = (method: string, path: string, key: string, body?: unknown) => api.request(method, `/105/api/v1${path}`, { headers: bearer(key), ...(body === undefined ? {} : { json: body }) });
/** A call that answers a file: the raw bytes and headers. */
async function download(path: string, key: string) {
  const response = await api.app.request(`/105/api/v1${path}`, { headers: bearer(key) });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
  owner = await paidOrganization(api, 'fleet-api-owner@example.ru');
  other = await paidOrganization(api, 'fleet-api-other@example.ru');
  readKey = await createKey(owner, 'BI: чтение', 'read');
  writeKey = await createKey(owner, 'ERP: запись', 'read-write');
  otherKey = await createKey(other, 'чужая ERP', 'read-write');
  vehicleId = (await call('POST', '/vehicles', writeKey, FIXTURES.stsWithFines)).body.response.item.id;
  otherVehicleId = (await call('POST', '/vehicles', otherKey, FIXTURES.stsWithoutFines)).body.response.item.id;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

describe('drivers', () => {
  let driverId = 0;
  let otherDriverId = 0;

  it('a read-write key adds a driver with a name and an e-mail; the same licence again is answered as it is', async () => {
    const added = await call('POST', '/drivers', writeKey, { driverLicense: FIXTURES.licence, fullName: 'Иванов Иван Иванович', email: 'ivanov@example.ru' });
    expect(added.status).toBe(200);
    expect(added.body.response).toEqual({ added: true, item: { id: expect.any(Number), driverLicense: FIXTURES.licence, fullName: 'Иванов Иван Иванович', email: 'ivanov@example.ru' } });
    driverId = added.body.response.item.id;
    const again = await call('POST', '/drivers', writeKey, { driverLicense: FIXTURES.licence, fullName: 'Другое имя' });
    expect(again.body.response).toMatchObject({ added: false, item: { id: driverId, fullName: 'Иванов Иван Иванович' } });
    otherDriverId = (await call('POST', '/drivers', otherKey, { driverLicense: '7701123456' })).body.response.item.id;
  });

  it('a read key lists drivers but cannot add, change or remove one (403)', async () => {
    for (const [method, path, body] of [
      ['POST', '/drivers', { driverLicense: '7702123456' }],
      ['PATCH', `/drivers/${driverId}`, { fullName: 'Петров' }],
      ['DELETE', `/drivers/${driverId}`, undefined],
    ] as const) {
      const reply = await call(method, path, readKey, body);
      expect(reply.status).toBe(403);
      expect(reply.body.error?.errorDesc).toBe('Этот ключ только для чтения: для изменений создайте ключ с правом записи');
    }
    expect((await call('GET', '/drivers', readKey)).body.response).toMatchObject({ total: 1, items: [{ id: driverId }] });
  });

  it('pages the list', async () => {
    await call('POST', '/drivers', writeKey, { driverLicense: '7702123456', fullName: 'Петров Пётр' });
    await call('POST', '/drivers', writeKey, { driverLicense: '7703123456' });
    const second = await call('GET', '/drivers?showBy=2&page=2', readKey);
    expect(second.status).toBe(200);
    expect(second.body.response).toMatchObject({ total: 3, page: 2, showBy: 2, items: [{ driverLicense: '7703123456', fullName: null, email: null }] });
    expect((await call('GET', '/drivers?page=0', readKey)).status).toBe(400);
  });

  it('changes the name and the e-mail; an empty e-mail stops the mails', async () => {
    const changed = await call('PATCH', `/drivers/${driverId}`, writeKey, { fullName: 'Иванов И. И.', email: '' });
    expect(changed.status).toBe(200);
    expect(changed.body.response.item).toMatchObject({ id: driverId, fullName: 'Иванов И. И.', email: null });
  });

  it.each([
    ['POST', '/drivers', { driverLicense: '' }, 'Поле «Водительское удостоверение» обязательно для заполнения'],
    ['POST', '/drivers', { driverLicense: '77АБ' }, 'Некорректный номер водительского удостоверения'],
    ['POST', '/drivers', { driverLicense: '7704123456', email: 'не почта' }, 'E-mail'],
    ['PATCH', '/drivers/{id}', { email: 'ivanov@' }, 'E-mail'],
  ])('%s %s %j: 422 in Russian', async (method, path, body, message) => {
    const reply = await call(method, path.replace('{id}', String(driverId)), writeKey, body);
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toContain(message);
    expect(reply.body.error?.errorDesc).toMatch(/[А-Яа-яЁё]/);
  });

  it("another organization's driver is 404 to change or remove, and is not listed", async () => {
    expect((await call('PATCH', `/drivers/${otherDriverId}`, writeKey, { fullName: 'Чужой' })).status).toBe(404);
    expect((await call('DELETE', `/drivers/${otherDriverId}`, writeKey)).status).toBe(404);
    expect((await call('PATCH', `/drivers/${driverId}`, otherKey, { fullName: 'Чужой' })).status).toBe(404);
    expect((await call('GET', '/drivers', otherKey)).body.response.items.map((d: { id: number }) => d.id)).toEqual([otherDriverId]);
  });

  it('removes a driver once; the second time it is 404', async () => {
    const last = (await call('GET', '/drivers?showBy=1&page=3', readKey)).body.response.items[0].id;
    expect((await call('DELETE', `/drivers/${last}`, writeKey)).body.response).toEqual({ deleted: last });
    expect((await call('DELETE', `/drivers/${last}`, writeKey)).status).toBe(404);
    expect((await call('GET', '/drivers', readKey)).body.response.total).toBe(2);
  });
});

describe('assignments (waybills)', () => {
  let ivanov = 0;
  let petrov = 0;
  let otherDriver = 0;
  const ids: number[] = [];

  beforeAll(async () => {
    const drivers = (await call('GET', '/drivers', readKey)).body.response.items as { id: number; driverLicense: string }[];
    ivanov = drivers.find((d) => d.driverLicense === FIXTURES.licence)!.id;
    petrov = drivers.find((d) => d.driverLicense === '7702123456')!.id;
    otherDriver = (await call('GET', '/drivers', otherKey)).body.response.items[0].id;
  });

  it('adds waybills with a read-write key, times as the wall clock of the plate’s region', async () => {
    for (const [driverId, day] of [[ivanov, '2026-03-01'], [petrov, '2026-03-02'], [ivanov, '2026-03-03']] as const) {
      const reply = await call('POST', '/assignments', writeKey, { vehicleId, driverId, startsAt: `${day}T08:00`, endsAt: `${day}T20:00` });
      expect(reply.status).toBe(200);
      expect(reply.body.response.item).toMatchObject({ vehicleId, driverId, startsAt: `${day}T08:00`, endsAt: `${day}T20:00`, timeZone: 'Europe/Moscow', vehiclePlate: 'А123ВС 77' });
      ids.push(reply.body.response.item.id);
    }
    const refused = await call('POST', '/assignments', readKey, { vehicleId, driverId: ivanov, startsAt: '2026-03-04T08:00', endsAt: '2026-03-04T20:00' });
    expect(refused.status).toBe(403);
  });

  it.each([
    [{ startsAt: '2026-03-05T20:00', endsAt: '2026-03-05T08:00' }, 422, 'Окончание должно быть позже начала'],
    [{ startsAt: '2026-03-05 08:00', endsAt: '2026-03-05T20:00' }, 422, 'Поле «Выезд» заполнено неверно'],
    [{ startsAt: '2026-03-05T08:00' }, 422, 'Поле «Возвращение» обязательно для заполнения'],
    [{ startsAt: '2024-03-05T08:00', endsAt: '2026-03-05T20:00' }, 422, 'Путевой лист длиннее года: проверьте даты'],
    [{ startsAt: '2026-03-01T19:00', endsAt: '2026-03-01T23:00' }, 409, 'У автомобиля в это время уже есть водитель: путевые листы одного автомобиля не должны пересекаться'],
  ])('refuses %j with %i «%s»', async (times, status, message) => {
    const reply = await call('POST', '/assignments', writeKey, { vehicleId, driverId: petrov, ...times });
    expect(reply.status).toBe(status);
    expect(reply.body.error?.errorDesc).toBe(message);
  });

  it("another organization's vehicle, driver or waybill is 404", async () => {
    const times = { startsAt: '2026-03-06T08:00', endsAt: '2026-03-06T20:00' };
    expect((await call('POST', '/assignments', writeKey, { vehicleId: otherVehicleId, driverId: ivanov, ...times })).status).toBe(404);
    expect((await call('POST', '/assignments', writeKey, { vehicleId, driverId: otherDriver, ...times })).status).toBe(404);
    expect((await call('DELETE', `/assignments/${ids[0]}`, otherKey)).status).toBe(404);
    expect((await call('GET', `/assignments?vehicle=${vehicleId}`, otherKey)).status).toBe(404);
    expect((await call('GET', `/assignments?driver=${ivanov}`, otherKey)).status).toBe(404);
    expect((await call('GET', '/assignments', otherKey)).body.response).toMatchObject({ total: 0, items: [] });
  });

  it('filters by vehicle, driver and period, latest first, and pages', async () => {
    const all = await call('GET', `/assignments?vehicle=${vehicleId}`, readKey);
    expect(all.body.response).toMatchObject({ total: 3, page: 1 });
    expect(all.body.response.items.map((a: { id: number }) => a.id)).toEqual([...ids].reverse());
    const byDriver = await call('GET', `/assignments?driver=${ivanov}`, readKey);
    expect(byDriver.body.response.items.map((a: { id: number }) => a.id)).toEqual([ids[2], ids[0]]);
    expect(byDriver.body.response.items[0].driverName).toBe('Иванов И. И.');
    // Days of Moscow, both inclusive: 2 March alone, then 2–3 March.
    expect((await call('GET', '/assignments?from=2026-03-02&to=2026-03-02', readKey)).body.response.items.map((a: { id: number }) => a.id)).toEqual([ids[1]]);
    expect((await call('GET', '/assignments?from=2026-03-02&to=2026-03-03', readKey)).body.response.total).toBe(2);
    expect((await call('GET', `/assignments?from=2026-03-02&driver=${ivanov}`, readKey)).body.response.items.map((a: { id: number }) => a.id)).toEqual([ids[2]]);
    const page2 = await call('GET', '/assignments?showBy=2&page=2', readKey);
    expect(page2.body.response).toMatchObject({ total: 3, page: 2, showBy: 2 });
    expect(page2.body.response.items.map((a: { id: number }) => a.id)).toEqual([ids[0]]);
  });

  it.each([
    ['from=2026-03-03&to=2026-03-01', 422, 'Конец периода раньше его начала'],
    ['from=03.03.2026', 400, 'Поле «Начало периода» заполнено неверно'],
    ['to=2026-13-01', 400, 'Поле «Конец периода» заполнено неверно'],
    ['driver=abc', 400, 'Поле «Водитель» заполнено неверно'],
  ])('refuses the query %s', async (query, status, message) => {
    const reply = await call('GET', `/assignments?${query}`, readKey);
    expect(reply.status).toBe(status);
    expect(reply.body.error?.errorDesc).toBe(message);
  });

  it('removes a waybill with a read-write key only', async () => {
    expect((await call('DELETE', `/assignments/${ids[1]}`, readKey)).status).toBe(403);
    expect((await call('DELETE', `/assignments/${ids[1]}`, writeKey)).body.response).toEqual({ deleted: ids[1] });
    expect((await call('DELETE', `/assignments/${ids[1]}`, writeKey)).status).toBe(404);
    expect((await call('GET', '/assignments', readKey)).body.response.total).toBe(2);
  });
});

describe('payment registries', () => {
  let fineIds: number[] = [];
  let registryId = 0;

  beforeAll(async () => {
    const fines = (await call('GET', '/fines?paid=0', readKey)).body.response.items as { id: number }[];
    fineIds = fines.map((f) => f.id);
  });

  it('needs the bank account saved in the cabinet first', async () => {
    expect(fineIds.length).toBeGreaterThanOrEqual(2);
    const reply = await call('POST', '/payment-registries', writeKey, { fineIds: fineIds.slice(0, 2) });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe('Сначала укажите расчётный счёт организации и банк');
    expect((await api.request('POST', `/105/api/organization/${owner.organizationId}/bank-account`, { session: owner.session, form: BANK })).status).toBe(200);
  });

  it('a read key cannot create one (403)', async () => {
    expect((await call('POST', '/payment-registries', readKey, { fineIds: fineIds.slice(0, 1) })).status).toBe(403);
    expect((await call('GET', '/payment-registries', readKey)).body.response.total).toBe(0);
  });

  it('a read-write key makes a registry of chosen unpaid fines, which marks them «выгружен в платёжку»', async () => {
    const reply = await call('POST', '/payment-registries', writeKey, { fineIds: fineIds.slice(0, 2) });
    expect(reply.status).toBe(200);
    const item = reply.body.response.item;
    expect(item).toMatchObject({ source: 'api', date: '2026-03-16', ordersCount: 2, createdAt: api.now().toISOString() });
    expect(item.orders.map((o: { fineId: number }) => o.fineId)).toEqual(fineIds.slice(0, 2));
    expect(item.totalKopecks).toBe(item.orders.reduce((sum: number, o: { amountKopecks: number }) => sum + o.amountKopecks, 0));
    registryId = item.id;
    const panel = await api.request('GET', `/105/api/organization/${owner.organizationId}/payment-orders/fines`, { session: owner.session });
    expect(Object.keys(panel.body.response.exported).map(Number).sort()).toEqual(fineIds.slice(0, 2).sort());
  });

  it('lists the cabinet’s exports too, newest first, and pages', async () => {
    const response = await api.app.request(`/105/api/organization/${owner.organizationId}/payment-orders`, {
      method: 'POST',
      headers: { 'X-Session': owner.session.session, 'X-Rand': owner.session.rand, 'X-User-Id': String(owner.session.userId), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ fineIds: String(fineIds[2]), format: 'xlsx' }).toString(),
    });
    expect(response.status).toBe(200);
    const list = await call('GET', '/payment-registries', readKey);
    expect(list.body.response).toMatchObject({ total: 2, page: 1 });
    expect(list.body.response.items.map((r: { source: string; ordersCount: number }) => [r.source, r.ordersCount])).toEqual([['cabinet', 1], ['api', 2]]);
    const second = await call('GET', '/payment-registries?showBy=1&page=2', readKey);
    expect(second.body.response.items.map((r: { id: number }) => r.id)).toEqual([registryId]);
    expect((await call('GET', `/payment-registries/${registryId}`, readKey)).body.response.item.id).toBe(registryId);
  });

  it('downloads the registry as the same 1CClientBankExchange file every time, and as XLSX', async () => {
    const first = await download(`/payment-registries/${registryId}/file?format=1c`, readKey);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/plain; charset=windows-1251');
    expect(first.headers.get('content-disposition')).toBe('attachment; filename="platezhki-shtrafy-2026-03-16.txt"');
    const text = new TextDecoder('windows-1251').decode(first.bytes);
    expect(text.startsWith('1CClientBankExchange\r\n')).toBe(true);
    expect(text.match(/СекцияДокумент=Платежное поручение\r\n/g)).toHaveLength(2);
    expect(text).toContain(`ПлательщикСчет=${BANK.account}\r\n`);
    const registry = (await call('GET', `/payment-registries/${registryId}`, readKey)).body.response.item;
    for (const order of registry.orders) expect(text).toContain(`Код=${order.uin}\r\n`);
    api.advance(3_600_000);
    expect((await download(`/payment-registries/${registryId}/file?format=1c`, readKey)).bytes).toEqual(first.bytes);
    const xlsx = await download(`/payment-registries/${registryId}/file?format=xlsx`, readKey);
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes.buffer);
    const sheet = book.getWorksheet('Платёжные поручения')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(10).value).toBe(registry.orders[0].uin);
    expect((await download(`/payment-registries/${registryId}/file?format=pdf`, readKey)).status).toBe(400);
  });

  it("another organization's registry, or a fine not of the key's fleet, is 404", async () => {
    expect((await call('GET', `/payment-registries/${registryId}`, otherKey)).status).toBe(404);
    expect((await download(`/payment-registries/${registryId}/file?format=1c`, otherKey)).status).toBe(404);
    expect((await call('GET', '/payment-registries', otherKey)).body.response.total).toBe(0);
    await api.request('POST', `/105/api/organization/${other.organizationId}/bank-account`, { session: other.session, form: BANK });
    expect((await call('POST', '/payment-registries', otherKey, { fineIds: [fineIds[0]] })).status).toBe(404);
  });

  it.each([
    [{}, 'Выберите штрафы или «все неоплаченные со скидкой»'],
    [{ fineIds: [1], all: 'discounted' }, 'Выберите штрафы или «все неоплаченные со скидкой»'],
    [{ fineIds: 'abc' }, 'Выберите штрафы'],
    [{ fineIds: [] }, 'Поле «Штрафы» обязательно для заполнения'],
    [{ all: 'everything' }, 'Поле «all» заполнено неверно'],
  ])('refuses %j with 422 «%s»', async (body, message) => {
    const reply = await call('POST', '/payment-registries', writeKey, body);
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe(message);
  });
});

describe('keys', () => {
  it('audits every call of the new resources under the key, refusals included', async () => {
    const rows = await api.deps.db.selectFrom('audit_log').select(['action', 'outcome']).where('object_type', '=', 'apiKey').execute();
    const seen = rows.map((r) => `${r.action}:${r.outcome}`);
    for (const line of ['api.drivers.add:ok', 'api.drivers.add:refused', 'api.drivers.update:ok', 'api.drivers.remove:ok', 'api.assignments.list:ok', 'api.assignments.add:refused', 'api.assignments.remove:ok', 'api.paymentRegistries.create:ok', 'api.paymentRegistries.file:ok']) {
      expect(seen).toContain(line);
    }
  });

  it('a revoked key reaches none of them (401)', async () => {
    const keys = (await api.request('GET', `/105/api/organization/${owner.organizationId}/api-keys`, { session: owner.session })).body.response.items as { id: number; scope: string }[];
    const write = keys.find((k) => k.scope === 'read-write')!;
    expect((await api.request('DELETE', `/105/api/organization/${owner.organizationId}/api-keys/${write.id}`, { session: owner.session })).status).toBe(200);
    for (const [method, path] of [['GET', '/drivers'], ['POST', '/drivers'], ['GET', '/assignments'], ['GET', '/payment-registries'], ['POST', '/payment-registries']] as const) {
      const reply = await call(method, path, writeKey, method === 'POST' ? {} : undefined);
      expect(reply.status).toBe(401);
      expect(reply.body.error?.errorDesc).toBe('API-ключ недействителен или отозван');
    }
    expect((await call('GET', '/drivers', readKey)).status).toBe(200);
  });
});
