import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../../src/lib/inn.ts';
import { runDriverNotices } from '../../../server/organizations/drivers/driverNotices.ts';
import { createMailTestApi, signUp } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { cp1251 } from '../helpers/cp1251.ts';
import type { Session } from '../helpers/testApi.ts';
import { fineRow } from '../helpers/fineRows.ts';

// Issue 26 §1–2: who drove (assignments, waybill import, matching in the region's time), driver
// mails once per fine, who bears each fine and the monthly statement within ТК РФ ст. 138.

let api: MailTestApi;
let company: Session;
let stranger: Session;
let organizationId = 0;
let strangerOrganizationId = 0;
const vehicles: Record<'moscow' | 'novosibirsk', { id: number; key: string }> = { moscow: { id: 0, key: '' }, novosibirsk: { id: 0, key: '' } };
const drivers: Record<'ivanov' | 'sidorov' | 'petrov', number> = { ivanov: 0, sidorov: 0, petrov: 0 };
const fines = { start: 0, end: 0, before: 0, moscowMorning: 0, moscowEvening: 0, localNoOffset: 0, localBeforeStart: 0, noon: 0 };

/** Headers of an account's request. */
const auth = (session: Session) => ({ 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) });

/** Sends a waybill register as a browser form does. */
async function uploadWaybills(session: Session, id: number, file: File, preview: boolean) {
  const form = new FormData();
  form.set('file', file);
  if (preview) form.set('preview', '1');
  const response = await api.app.request(`/105/api/organization/${id}/waybills/import`, { method: 'POST', headers: auth(session), body: form });
  return { status: response.status, body: await response.json() };
}

/** Stores a fine of a fleet document as the source would (a violation time of our choosing). */
async function insertFine(subjectKey: string, violationAt: string, plate: { number: string; region: string }, kopecks: number): Promise<number> {
  const values = fineRow(subjectKey, { plate_number: plate.number, plate_region: plate.region, amount: kopecks / 100, violation_at: violationAt, created_at: api.now(), discount_days: 30, discount_kopecks: Math.round(kopecks * 0.75), full_kopecks: kopecks });
  return (await api.deps.db.insertInto('fines').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The fleet fines list of the organization with a query. */
const fleetFines = async (query: string) => (await api.request('GET', `/105/api/organization/${organizationId}/fines?showBy=100&${query}`, { session: company })).body.response;

beforeAll(async () => {
  api = await createMailTestApi();
  company = await signUp(api, 'drivers-fleet@example.ru', { isLegalEntity: '1' });
  stranger = await signUp(api, 'drivers-other@example.ru', { isLegalEntity: '1' });
  organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('770708389'), name: 'ООО «Перевозчик»' } })).body.response.item.id;
  strangerOrganizationId = (await api.request('POST', '/105/api/organization', { session: stranger, form: { inn: withInnCheckDigits('500100732'), name: 'ООО «Чужие»' } })).body.response.item.id;
  // Paid for a month: i26-orders builds the real payment; here the subscription's columns are written directly.
  await api.deps.db.updateTable('organizations').set({ subscribe_type: 1, subscription_end: new Date(api.now().getTime() + 30 * 86_400_000) }).where('id', '=', organizationId).execute();
  for (const [name, form] of [
    ['moscow', { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }],
    ['novosibirsk', { sts: '5401654321', vehiclePlateNumber: 'В456ОР', vehiclePlateRegion: '54' }],
  ] as const) {
    vehicles[name].id = (await api.request('POST', `/105/api/organization/${organizationId}/vehicles`, { session: company, form })).body.response.item.id;
  }
  drivers.ivanov = (await api.request('POST', `/105/api/organization/${organizationId}/drivers`, { session: company, form: { driverLicense: '7701123456', fullName: 'Иванов Иван Иванович' } })).body.response.item.id;
  drivers.sidorov = (await api.request('POST', `/105/api/organization/${organizationId}/drivers`, { session: company, form: { driverLicense: '7702123456', fullName: 'Сидоров Семён' } })).body.response.item.id;
  // The source has been asked about every document: its fines are the ones the test stores.
  const keys = await api.deps.db.selectFrom('fleet_vehicles').select(['id', 'subject_key']).where('organization_id', '=', organizationId).execute();
  for (const row of keys) (row.id === vehicles.moscow.id ? vehicles.moscow : vehicles.novosibirsk).key = row.subject_key;
  const driverKeys = await api.deps.db.selectFrom('fleet_drivers').select('subject_key').where('organization_id', '=', organizationId).execute();
  await api.deps.db.insertInto('fine_subjects').values([...keys, ...driverKeys].map((row) => ({ key: row.subject_key, generated_at: api.now() }))).execute();
  // Three fines before any waybill: matched when the waybills arrive.
  fines.start = await insertFine(vehicles.moscow.key, '2026-03-10T08:00+03:00', { number: 'А123ВС', region: '77' }, 300_000);
  fines.end = await insertFine(vehicles.moscow.key, '2026-03-10T20:00+03:00', { number: 'А123ВС', region: '77' }, 50_000);
  fines.before = await insertFine(vehicles.moscow.key, '2026-03-10T07:59+03:00', { number: 'А123ВС', region: '77' }, 50_000);
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const REGISTER = [
  'Госномер;ВУ;ФИО водителя;Выезд;Возвращение',
  'А123ВС77;77 01 123456;Иванов Иван Иванович;10.03.2026 08:00;10.03.2026 20:00',
  'В456ОР54;;Петров Пётр;10.03.2026 08:00;10.03.2026 20:00',
  'В456ОР54;54 02 654321;Петров Пётр Петрович;10.03.2026 08:00;10.03.2026 20:00',
  'Х999ХХ77;77 01 123456;;10.03.2026;11.03.2026',
  'А123ВС77;;сидоров семен;10.03.2026 20:00;11.03.2026 08:00',
  'А123ВС77;7701123456;;10.03.2026 19:00;10.03.2026 21:00',
  '9941123456;7701123456;;32.03.2026 08:00;01.04.2026 08:00',
  'А123ВС77;7701123456;;12.03.2026 10:00;12.03.2026 09:00',
].join('\r\n');

describe('waybill register import', () => {
  it('reads Windows-1251 CSV as Excel saves it: a preview with every bad row named, nothing added', async () => {
    const file = new File([cp1251(REGISTER)], 'putevye.csv', { type: 'text/csv' });
    const preview = await uploadWaybills(company, organizationId, file, true);
    expect(preview.status).toBe(200);
    expect(preview.body.response.rows.map((r: { line: number; status: string; error: string | null }) => [r.line, r.status, r.error])).toEqual([
      [2, 'ready', null],
      [3, 'invalid', 'Водителя «Петров Пётр» нет в автопарке: укажите номер ВУ'],
      [4, 'ready', null],
      [5, 'invalid', 'Автомобиля Х999ХХ 77 нет в автопарке'],
      [6, 'ready', null],
      [7, 'invalid', 'Пересекается со строкой 2: у автомобиля в это время уже есть водитель'],
      [8, 'invalid', 'Начало «32.03.2026 08:00» не читается: нужно ДД.ММ.ГГГГ ЧЧ:ММ'],
      [9, 'invalid', 'Окончание должно быть позже начала'],
    ]);
    expect(preview.body.response.rows[2]).toMatchObject({ vehicle: 'В456ОР 54', driver: 'Петров Пётр Петрович', newDriver: true, startsAt: '2026-03-10T08:00', endsAt: '2026-03-10T20:00' });
    expect(preview.body.response.rows[4]).toMatchObject({ driver: 'Сидоров Семён', newDriver: false });
    const board = (await api.request('GET', `/105/api/organization/${organizationId}/drivers/board`, { session: company })).body.response;
    expect(board.assignments).toEqual([]);
  });

  it('adds the good rows (a new licence becomes a driver), and the same file again adds nothing', async () => {
    const file = () => new File([cp1251(REGISTER)], 'putevye.csv', { type: 'text/csv' });
    const done = await uploadWaybills(company, organizationId, file(), false);
    expect(done.body.response.added).toBe(3);
    expect(done.body.response.rows.filter((r: { status: string }) => r.status === 'added').map((r: { line: number }) => r.line)).toEqual([2, 4, 6]);
    const board = (await api.request('GET', `/105/api/organization/${organizationId}/drivers/board`, { session: company })).body.response;
    drivers.petrov = board.drivers.find((d: { driverLicense: string }) => d.driverLicense === '5402654321').id;
    expect(board.drivers.find((d: { id: number }) => d.id === drivers.petrov)).toMatchObject({ fullName: 'Петров Пётр Петрович', email: null });
    expect(board.assignments.find((a: { driverId: number }) => a.driverId === drivers.petrov)).toMatchObject({ vehiclePlate: 'В456ОР 54', startsAt: '2026-03-10T08:00', endsAt: '2026-03-10T20:00', timeZone: 'Asia/Novosibirsk' });
    const again = await uploadWaybills(company, organizationId, file(), false);
    expect(again.body.response.added).toBe(0);
    expect(again.body.response.rows.filter((r: { status: string }) => r.status === 'exists').map((r: { line: number }) => r.line)).toEqual([2, 4, 6]);
  });

  it('reads an XLSX whose times are Excel date cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Путевые листы');
    sheet.addRow(['Номер ТС', 'Водитель', 'Начало', 'Окончание']);
    sheet.addRow(['В456ОР 54', 'Петров Пётр Петрович', new Date(Date.UTC(2026, 2, 12, 8, 0)), new Date(Date.UTC(2026, 2, 12, 20, 30))]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const reply = await uploadWaybills(company, organizationId, new File([bytes], 'reestr.xlsx'), true);
    expect(reply.body.response.rows).toEqual([expect.objectContaining({ line: 2, status: 'ready', startsAt: '2026-03-12T08:00', endsAt: '2026-03-12T20:30', driver: 'Петров Пётр Петрович' })]);
  });

  it('refuses what is not a spreadsheet, an empty register, and a file over the limit', async () => {
    expect((await uploadWaybills(company, organizationId, new File(['x'], 'reestr.pdf'), true)).status).toBe(422);
    expect((await uploadWaybills(company, organizationId, new File([''], 'reestr.csv'), true)).body.error.errorDesc).toBe('В файле нет строк с путевыми листами');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'reestr.csv');
    expect((await uploadWaybills(company, organizationId, big, true)).status).toBe(413);
  });
});

describe('one assignment at a time', () => {
  it('adds one in the vehicle region\'s wall clock, refuses an overlap and an end before the start', async () => {
    const path = `/105/api/organization/${organizationId}/assignments`;
    const added = await api.request('POST', path, { session: company, json: { vehicleId: vehicles.novosibirsk.id, driverId: drivers.ivanov, startsAt: '2026-03-11T08:00', endsAt: '2026-03-11T20:00' } });
    expect(added.status).toBe(200);
    expect(added.body.response.item).toMatchObject({ vehiclePlate: 'В456ОР 54', driverName: 'Иванов Иван Иванович', startsAt: '2026-03-11T08:00', timeZone: 'Asia/Novosibirsk' });
    const stored = await api.deps.db.selectFrom('fleet_assignments').select('starts_at').where('id', '=', added.body.response.item.id).executeTakeFirstOrThrow();
    expect(stored.starts_at.toISOString()).toBe('2026-03-11T01:00:00.000Z');
    const overlap = await api.request('POST', path, { session: company, json: { vehicleId: vehicles.novosibirsk.id, driverId: drivers.sidorov, startsAt: '2026-03-11T19:00', endsAt: '2026-03-11T22:00' } });
    expect(overlap.status).toBe(409);
    const backwards = await api.request('POST', path, { session: company, json: { vehicleId: vehicles.novosibirsk.id, driverId: drivers.sidorov, startsAt: '2026-03-11T22:00', endsAt: '2026-03-11T21:00' } });
    expect(backwards).toMatchObject({ status: 422, body: { error: { errorDesc: 'Окончание должно быть позже начала' } } });
    const removed = await api.request('DELETE', `${path}/${added.body.response.item.id}`, { session: company });
    expect(removed.status).toBe(200);
  });
});

describe('matching fines to who drove', () => {
  it('gives the start of an assignment to it and its end to the next', async () => {
    const byId = new Map((await fleetFines('')).items.map((f: { id: number; whoDrove: unknown }) => [f.id, f.whoDrove]));
    expect(byId.get(fines.start)).toEqual({ id: drivers.ivanov, name: 'Иванов Иван Иванович' });
    expect(byId.get(fines.end)).toEqual({ id: drivers.sidorov, name: 'Сидоров Семён' });
    expect(byId.get(fines.before)).toBeNull();
  });

  it('compares instants across time zones: a Novosibirsk car\'s waybill against fines stamped in Moscow time', async () => {
    const plate = { number: 'В456ОР', region: '54' };
    // Waybill 08:00–20:00 Novosibirsk (UTC+7) = 04:00–16:00 Moscow.
    fines.moscowMorning = await insertFine(vehicles.novosibirsk.key, '2026-03-10T06:30+03:00', plate, 50_000); // 10:30 in Novosibirsk
    fines.moscowEvening = await insertFine(vehicles.novosibirsk.key, '2026-03-10T17:30+03:00', plate, 50_000); // 21:30 in Novosibirsk
    fines.localNoOffset = await insertFine(vehicles.novosibirsk.key, '2026-03-10T08:30', plate, 50_000); // the plate region's wall clock
    fines.localBeforeStart = await insertFine(vehicles.novosibirsk.key, '2026-03-10T07:30', plate, 50_000);
    const byId = new Map((await fleetFines('')).items.map((f: { id: number; whoDrove: { id: number } | null }) => [f.id, f.whoDrove?.id ?? null]));
    expect([byId.get(fines.moscowMorning), byId.get(fines.moscowEvening), byId.get(fines.localNoOffset), byId.get(fines.localBeforeStart)]).toEqual([drivers.petrov, null, drivers.petrov, null]);
  });

  it('filters by driver and lists the fines without one', async () => {
    expect((await fleetFines(`driver=${drivers.ivanov}`)).items.map((f: { id: number }) => f.id)).toEqual([fines.start]);
    // Petrov's own licence has fines of its own (the sandbox source's); those of his shifts are the test's.
    const mine = new Set(Object.values(fines));
    expect((await fleetFines(`driver=${drivers.petrov}`)).items.map((f: { id: number }) => f.id).filter((id: number) => mine.has(id)).sort()).toEqual([fines.moscowMorning, fines.localNoOffset].sort());
    const none = (await fleetFines('driver=none')).items.map((f: { id: number }) => f.id).sort();
    expect(none).toEqual([fines.before, fines.moscowEvening, fines.localBeforeStart].sort());
    expect((await api.request('GET', `/105/api/organization/${organizationId}/drivers/board`, { session: company })).body.response.unmatched).toBe(3);
  });

  it('rematches when a waybill is removed', async () => {
    const board = (await api.request('GET', `/105/api/organization/${organizationId}/drivers/board`, { session: company })).body.response;
    const sidorov = board.assignments.find((a: { driverId: number }) => a.driverId === drivers.sidorov);
    await api.request('DELETE', `/105/api/organization/${organizationId}/assignments/${sidorov.id}`, { session: company });
    expect((await fleetFines(`driver=${drivers.sidorov}`)).items).toEqual([]);
    const again = await api.request('POST', `/105/api/organization/${organizationId}/assignments`, { session: company, json: { vehicleId: vehicles.moscow.id, driverId: drivers.sidorov, startsAt: '2026-03-10T20:00', endsAt: '2026-03-11T08:00' } });
    expect(again.status).toBe(200);
    expect((await fleetFines(`driver=${drivers.sidorov}`)).items.map((f: { id: number }) => f.id)).toEqual([fines.end]);
  });
});

describe('driver mails', () => {
  it('mails a driver once per new fine, however often the job runs, only when the company turned it on', async () => {
    await api.request('POST', `/105/api/organization/${organizationId}/drivers/${drivers.ivanov}`, { session: company, json: { email: 'ivanov@example.ru' } });
    const noisy = await insertFine(vehicles.moscow.key, '2026-03-10T09:00+03:00', { number: 'А123ВС', region: '77' }, 50_000);
    expect(await runDriverNotices(api.deps)).toEqual({ mailsSent: 0 });
    expect((await api.request('POST', `/105/api/organization/${organizationId}/driver-settings`, { session: company, form: { notifyDrivers: '1' } })).body.response).toEqual({ notifyDrivers: true });
    // Fines stored before the setting was turned on are not news.
    expect(await runDriverNotices(api.deps)).toEqual({ mailsSent: 0 });
    api.advance(60_000);
    fines.noon = await insertFine(vehicles.moscow.key, '2026-03-10T12:00+03:00', { number: 'А123ВС', region: '77' }, 500_000);
    const [first, second] = await Promise.all([runDriverNotices(api.deps), runDriverNotices(api.deps)]);
    expect(first.mailsSent + second.mailsSent).toBe(1);
    expect(await runDriverNotices(api.deps)).toEqual({ mailsSent: 0 });
    await api.mailIdle();
    const mails = api.sink.for('ivanov@example.ru');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject.replace(/\s/g, ' ')).toBe('Штраф 3 750 ₽ за 10.03.2026 в 12:00');
    expect(mails[0]?.text).toContain('Где: Москва, Тверская ул., д. 7');
    expect(mails[0]?.text).toContain('со скидкой до');
    expect(noisy).toBeGreaterThan(0);
    expect(api.sink.for('drivers-fleet@example.ru').filter((m) => m.subject.startsWith('Штраф'))).toEqual([]);
  });

  it('tells nobody while the organization is in demo', async () => {
    await api.deps.db.updateTable('organizations').set({ subscribe_type: 0 }).where('id', '=', organizationId).execute();
    api.advance(60_000);
    await insertFine(vehicles.moscow.key, '2026-03-10T13:00+03:00', { number: 'А123ВС', region: '77' }, 50_000);
    expect(await runDriverNotices(api.deps)).toEqual({ mailsSent: 0 });
    await api.deps.db.updateTable('organizations').set({ subscribe_type: 1 }).where('id', '=', organizationId).execute();
    expect(await runDriverNotices(api.deps)).toEqual({ mailsSent: 1 });
  });
});

/** Says who bears a fine. */
const bearer = (fineId: number, who: string, session = company, id = organizationId) => api.request('POST', `/105/api/organization/${id}/fines/${fineId}/bearer`, { session, form: { bearer: who } });

describe('who pays, and the monthly statement', () => {
  /** The statement as a workbook. */
  async function statement(query: string) {
    const response = await api.app.request(`/105/api/organization/${organizationId}/drivers/${drivers.ivanov}/statement?${query}`, { headers: auth(company) });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    return workbook;
  }
  /** The value in the last column of the row whose first cell starts with `label`. */
  const valueOf = (workbook: ExcelJS.Workbook, label: string) => {
    let found: unknown;
    workbook.getWorksheet('Штрафы')?.eachRow((row) => {
      if (String(row.getCell(1).value ?? '').startsWith(label)) found = row.getCell(9).value;
    });
    return found;
  };

  it('records who bears each fine; a fine nobody drove cannot go to a driver', async () => {
    expect((await bearer(fines.start, 'driver')).body.response).toEqual({ fineId: fines.start, bearer: 'driver' });
    expect((await bearer(fines.noon, 'driver')).status).toBe(200);
    expect((await bearer(fines.end, 'company')).status).toBe(200);
    expect((await bearer(fines.before, 'driver')).status).toBe(422);
    const start = (await fleetFines(`driver=${drivers.ivanov}`)).items.find((f: { id: number }) => f.id === fines.start);
    expect(start.bearer).toBe('driver');
  });

  it('sums what the company paid for the driver\'s fines and proposes at most 20 % of the next payment', async () => {
    // The company paid the 3 000 ₽ fine with the discount: 2 250 ₽. The 5 000 ₽ one is unpaid yet.
    await api.deps.db.insertInto('orders').values({ fine_id: fines.start, status: 'paid', amount_kopecks: 225_000, paid_at: api.now() }).execute();
    await api.deps.db.updateTable('fines').set({ paid: true }).where('id', '=', fines.start).execute();
    const small = await statement('month=2026-03&format=xlsx&pay=1000000');
    expect(valueOf(small, 'Итого')).toBe(2250);
    // 20 % of 10 000 ₽ is 2 000 ₽, less than the 2 250 ₽ owed.
    expect(valueOf(small, 'Удержать из ближайшей выплаты')).toBe(2000);
    const large = await statement('month=2026-03&format=xlsx&pay=5000000');
    expect(valueOf(large, 'Удержать из ближайшей выплаты')).toBe(2250);
    const none = await statement('month=2026-03&format=xlsx');
    expect(valueOf(none, 'Удержать из ближайшей выплаты')).toBe(0);
    const consent = none.getWorksheet('Согласие');
    const text: string[] = [];
    consent?.eachRow((row) => text.push(String(row.getCell(1).value)));
    expect(text.join('\n')).toContain('ТК РФ ст. 138 ч. 1');
    expect(text.join('\n')).toContain('Подпись работника');
    expect(valueOf(await statement('month=2026-04&format=xlsx&pay=1000000'), 'Итого')).toBe(0);
  });

  it('writes the same statement as a PDF', async () => {
    const response = await api.app.request(`/105/api/organization/${organizationId}/drivers/${drivers.ivanov}/statement?month=2026-03&format=pdf&pay=1000000`, { headers: auth(company) });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });
});

describe("another organization's drivers and assignments", () => {
  it('are 404 to a stranger everywhere, and a stranger\'s vehicle is 404 to the company', async () => {
    const board = (await api.request('GET', `/105/api/organization/${organizationId}/drivers/board`, { session: company })).body.response;
    const assignmentId = board.assignments[0].id;
    for (const [method, path, body] of [
      ['GET', `/105/api/organization/${organizationId}/drivers/board`, undefined],
      ['POST', `/105/api/organization/${organizationId}/drivers/${drivers.ivanov}`, { email: 'x@example.ru' }],
      ['POST', `/105/api/organization/${organizationId}/driver-settings`, { notifyDrivers: 0 }],
      ['POST', `/105/api/organization/${organizationId}/assignments`, { vehicleId: vehicles.moscow.id, driverId: drivers.ivanov, startsAt: '2026-05-01T08:00', endsAt: '2026-05-01T09:00' }],
      ['DELETE', `/105/api/organization/${organizationId}/assignments/${assignmentId}`, undefined],
      ['POST', `/105/api/organization/${organizationId}/fines/${fines.start}/bearer`, { bearer: 'company' }],
      ['GET', `/105/api/organization/${organizationId}/drivers/${drivers.ivanov}/statement?month=2026-03&format=xlsx`, undefined],
      ['GET', `/105/api/organization/${strangerOrganizationId}/fines?driver=${drivers.ivanov}`, undefined],
      ['GET', `/105/api/organization/fines?driver=${drivers.ivanov}`, undefined],
    ] as const) {
      const reply = await api.request(method, path, { session: stranger, ...(body === undefined ? {} : { json: body }) });
      expect(reply.status, `${method} ${path}`).toBe(404);
    }
    expect((await uploadWaybills(stranger, organizationId, new File([cp1251(REGISTER)], 'putevye.csv'), true)).status).toBe(404);
    const foreignVehicle = (await api.request('POST', `/105/api/organization/${strangerOrganizationId}/vehicles`, { session: stranger, form: { sts: '7734654321', vehiclePlateNumber: 'М555ММ', vehiclePlateRegion: '50' } })).body.response.item.id;
    const reply = await api.request('POST', `/105/api/organization/${organizationId}/assignments`, { session: company, json: { vehicleId: foreignVehicle, driverId: drivers.ivanov, startsAt: '2026-05-01T08:00', endsAt: '2026-05-01T09:00' } });
    expect(reply.status).toBe(404);
    expect((await bearer(fines.start, 'company', company, strangerOrganizationId)).status).toBe(404);
    expect((await api.request('GET', `/105/api/organization/${organizationId}/drivers/${drivers.ivanov}/statement?month=2026-03&format=xlsx`, { session: company })).status).toBe(200);
    expect(board.drivers.every((d: { id: number }) => d.id > 0)).toBe(true);
  });
});
