import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_CODE_LENGTH_MESSAGE, INN_REQUIRED_MESSAGE } from '../../src/lib/companyCode.ts';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import type { Session } from './helpers/testApi.ts';
import { cp1251 } from './helpers/cp1251.ts';

let api: MailTestApi;
let company: Session;
let stranger: Session;
const INN = withInnCheckDigits('770708389');
beforeAll(async () => {
  api = await createMailTestApi();
  company = await signUp(api, 'fleet@example.ru', { isLegalEntity: '1' });
  stranger = await signUp(api, 'other-fleet@example.ru', { isLegalEntity: '1' });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** Sends a file as a browser form does. */
async function upload(session: Session, organizationId: number, file: File, preview: boolean) {
  const form = new FormData();
  form.set('file', file);
  if (preview) form.set('preview', '1');
  const response = await api.app.request(`/105/api/organization/${organizationId}/vehicles/import`, {
    method: 'POST',
    headers: { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

describe('company lookup by ИНН (spec §5)', () => {
  it.each([
    ['12345', 400, COMPANY_CODE_LENGTH_MESSAGE],
    ['7707083894', 400, 'Некорректный ИНН'],
    ['', 400, INN_REQUIRED_MESSAGE],
  ])('%j → %i «%s»', async (inn, status, message) => {
    const reply = await api.request('GET', `/105/api/company?inn=${inn}`, { session: company });
    expect(reply.status).toBe(status);
    expect(reply.body.error?.errorDesc).toBe(message);
  });

  it('answers the register\'s data for a company', async () => {
    const reply = await api.request('GET', `/105/api/company?inn=${INN}`, { session: company });
    expect(reply.body.response).toMatchObject({ inn: INN, type: 'legal', kpp: `${INN.slice(0, 4)}01001`, ogrn: expect.stringMatching(/^\d{13}$/) });
    expect(reply.body.response.name).toMatch(/^(ООО|АО|ПАО) «/);
  });
});

describe('organizations of an account', () => {
  let organizationId = 0;
  it('a new one starts in demo for 7 days, named from the register', async () => {
    const reply = await api.request('POST', '/105/api/organization', { session: company, form: { inn: INN, subscribeType: '1', countDays: '999' } });
    expect(reply.status).toBe(200);
    organizationId = reply.body.response.item.id;
    expect(reply.body.response.item).toMatchObject({ inn: INN, isDemo: true, subscribeType: 0, countDays: 7, isExpired: false, isSubscriptionEndTomorrow: false });
    const list = await api.request('GET', '/105/api/organization?channel=Web', { session: company });
    expect(list.body.response.items.map((o: { id: number }) => o.id)).toEqual([organizationId]);
  });

  it.each([
    [{}, 400, 'Нет данных для создания DTO организации'],
    [{ name: 'Без ИНН' }, 400, INN_REQUIRED_MESSAGE],
    [{ inn: '123' }, 400, COMPANY_CODE_LENGTH_MESSAGE],
  ])('refuses %j with «%s»', async (form, status, message) => {
    const reply = await api.request('POST', '/105/api/organization', { session: company, form: form as Record<string, string> });
    expect(reply.status).toBe(status);
    expect(reply.body.error?.errorDesc).toBe(message);
  });

  it('refuses the same ИНН twice and anonymous visitors', async () => {
    expect((await api.request('POST', '/105/api/organization', { session: company, form: { inn: INN } })).status).toBe(409);
    expect((await api.request('POST', '/105/api/organization', { session: await api.register(), form: { inn: INN } })).status).toBe(403);
  });

  it('renames, needs the ИНН to update (spec §5), finds by name', async () => {
    const renamed = await api.request('POST', `/105/api/organization/${organizationId}`, { session: company, form: { inn: INN, name: 'ООО «Наш автопарк»' } });
    expect(renamed.body.response.item.name).toBe('ООО «Наш автопарк»');
    const noInn = await api.request('POST', `/105/api/organization/${organizationId}`, { session: company, form: { name: 'x' } });
    expect(noInn.body.error?.errorDesc).toBe(INN_REQUIRED_MESSAGE);
    const found = await api.request('GET', '/105/api/organization/search?q=автопарк', { session: company });
    expect(found.body.response.items).toHaveLength(1);
  });

  it('is another account\'s 404 everywhere', async () => {
    for (const [method, path] of [
      ['POST', `/105/api/organization/${organizationId}`],
      ['DELETE', `/105/api/organization/${organizationId}`],
      ['GET', `/105/api/organization/${organizationId}/vehicles`],
      ['GET', `/105/api/organization/${organizationId}/drivers`],
      ['GET', `/105/api/organization/${organizationId}/fines`],
      ['GET', `/105/api/organization/fines?organization=${organizationId}`],
    ] as const) {
      const reply = await api.request(method, path, { session: stranger, ...(method === 'GET' ? {} : { form: { inn: INN } }) });
      expect(reply.status, `${method} ${path}`).toBe(404);
    }
  });

  it('counts the demo down: ends tomorrow on its last day, has ended after it', async () => {
    api.advance(6 * 86_400_000);
    let item = (await api.request('GET', '/105/api/organization', { session: company })).body.response.items[0];
    expect(item).toMatchObject({ countDays: 1, isSubscriptionEndTomorrow: true, isExpired: false });
    expect((await api.request('GET', '/105/api/organization/subscription-end', { session: company })).body.response).toEqual({ isSubscriptionEnd: false });
    api.advance(86_400_000 + 1000);
    item = (await api.request('GET', '/105/api/organization', { session: company })).body.response.items[0];
    expect(item).toMatchObject({ countDays: 0, isSubscriptionEndTomorrow: false, isExpired: true });
    expect((await api.request('GET', '/105/api/organization/subscription-end', { session: company })).body.response).toEqual({ isSubscriptionEnd: true });
    api.advance(-(7 * 86_400_000 + 1000));
  });
});

/** The export as a raw reply (a file, not an envelope). */
const download = (session: Session, query: string) =>
  api.app.request(`/105/api/organization/fines/export?${query}`, { headers: { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) } });

describe('the fleet', () => {
  let organizationId = 0;
  beforeAll(async () => {
    organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('500100732'), name: 'ООО «Флот»' } })).body.response.item.id;
  });

  it('imports vehicles from CSV with a preview that names bad rows, then adds the good ones', async () => {
    const csv = 'Госномер;Регион;СТС;Марка\nА123ВС;77;99 41 123456;Lada Vesta\nМ555ММ;50;7734654321;\nплохой;77;123;\n';
    const preview = await upload(company, organizationId, new File([csv], 'fleet.csv', { type: 'text/csv' }), true);
    expect(preview.body.response.preview).toBe(true);
    expect(preview.body.response.rows.map((r: { line: number; error: string | null }) => [r.line, r.error])).toEqual([
      [2, null],
      [3, null],
      [4, 'Некорректный номер СТС'],
    ]);
    expect((await api.request('GET', `/105/api/organization/${organizationId}/vehicles`, { session: company })).body.response.items).toHaveLength(0);
    const done = await upload(company, organizationId, new File([csv], 'fleet.csv', { type: 'text/csv' }), false);
    expect(done.body.response.added).toBe(2);
    const vehicles = (await api.request('GET', `/105/api/organization/${organizationId}/vehicles`, { session: company })).body.response.items;
    expect(vehicles.map((v: { vehiclePlate: string; model: string | null }) => [v.vehiclePlate, v.model])).toEqual([
      ['А123ВС 77', 'Lada Vesta'],
      ['М555ММ 50', null],
    ]);
  });

  it('imports Excel\'s CSV in Windows-1251 with semicolons: Cyrillic intact, the header skipped, rows told «added» or «exists» (issue 24)', async () => {
    const text = 'Гос. номер;Регион;Свидетельство о регистрации;Марка\r\nК001ЕЕ;799;77 ЕЕ 000001;ГАЗель «Некст»\r\nК002ЕЕ;799;7700000002;Ёлка-фургон\r\nА123ВС;77;99 41 123456;\r\n';
    const file = () => new File([cp1251(text)], 'Автопарк.csv', { type: 'text/csv' });
    const preview = await upload(company, organizationId, file(), true);
    expect(preview.status).toBe(200);
    expect(preview.body.response.rows.map((r: { line: number; vehiclePlateNumber: string; model: string | null; status: string }) => [r.line, r.vehiclePlateNumber, r.model, r.status])).toEqual([
      [2, 'К001ЕЕ', 'ГАЗель «Некст»', 'ready'],
      [3, 'К002ЕЕ', 'Ёлка-фургон', 'ready'],
      // Added from the UTF-8 file above: the preview says so before anything is sent.
      [4, 'А123ВС', null, 'exists'],
    ]);
    const done = await upload(company, organizationId, file(), false);
    expect(done.body.response.added).toBe(2);
    expect(done.body.response.rows.map((r: { status: string }) => r.status)).toEqual(['added', 'added', 'exists']);
    const vehicles = (await api.request('GET', `/105/api/organization/${organizationId}/vehicles`, { session: company })).body.response.items;
    expect(vehicles.map((v: { vehiclePlate: string; model: string | null }) => [v.vehiclePlate, v.model])).toEqual(expect.arrayContaining([['К001ЕЕ 799', 'ГАЗель «Некст»'], ['К002ЕЕ 799', 'Ёлка-фургон']]));
  });

  it('imports a tab-separated UTF-8 CSV with a BOM, and a comma-separated one', async () => {
    const tabs = new File([new Uint8Array([0xef, 0xbb, 0xbf]), 'СТС\tГосномер\n7700000003\tК003ЕЕ799\n'], 'park.csv');
    expect((await upload(company, organizationId, tabs, true)).body.response.rows).toEqual([{ line: 2, sts: '7700000003', vehiclePlateNumber: 'К003ЕЕ', vehiclePlateRegion: '799', model: null, error: null, status: 'ready' }]);
    const commas = new File(['СТС,Госномер,Регион,Марка\n7700000004,К004ЕЕ,799,"Газель, фургон"\n'], 'park.csv');
    expect((await upload(company, organizationId, commas, true)).body.response.rows[0]).toMatchObject({ vehiclePlateNumber: 'К004ЕЕ', model: 'Газель, фургон', status: 'ready' });
  });

  it('imports from XLSX too, and refuses other files', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Автопарк');
    sheet.addRow(['СТС', 'Госномер с регионом']);
    sheet.addRow(['78 УЕ 654321', 'В777ОР178']);
    const file = new File([await workbook.xlsx.writeBuffer()], 'park.xlsx');
    const done = await upload(company, organizationId, file, false);
    expect(done.body.response.rows).toEqual([{ line: 2, sts: '78УЕ654321', vehiclePlateNumber: 'В777ОР', vehiclePlateRegion: '178', model: null, error: null, status: 'added' }]);
    expect(done.body.response).toMatchObject({ added: 1, preview: false });
    const bad = await upload(company, organizationId, new File(['hello'], 'park.pdf'), true);
    expect(bad.status).toBe(422);
  });

  it('shows the fleet\'s fines with asterisks during the demo: amounts kept, plate, ruling number and place hidden', async () => {
    await api.request('POST', `/105/api/organization/${organizationId}/drivers`, { session: company, form: { driverLicense: FIXTURES.licence, fullName: 'Иванов Иван Иванович' } });
    const reply = (await api.request('GET', `/105/api/organization/fines?organization=${organizationId}`, { session: company })).body.response;
    expect(reply.total).toBeGreaterThanOrEqual(3 + 2);
    const item = reply.items.find((i: { foundBy: string }) => i.foundBy.startsWith('А1**ВС'));
    expect(item).toMatchObject({ masked: true, uin: expect.stringMatching(/^\d{6}\*+\d{2}$/), place: expect.stringMatching(/, \*\*\*$/) });
    expect(item.amountToPay).toBeGreaterThan(0);
    const driverFine = reply.items.find((i: { driverId: number | null }) => i.driverId !== null);
    expect(driverFine.foundBy).toMatch(/^ВУ \*+\d{4}$/);
    expect(reply.totals.count).toBe(reply.total);
  });

  it('exports the same fines as a spreadsheet, masked during the demo: Russian headers, dates as dates, amounts as numbers', async () => {
    const list = (await api.request('GET', `/105/api/organization/fines?organization=${organizationId}&showBy=100`, { session: company })).body.response;
    const reply = await download(company, `format=xlsx&organization=${organizationId}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="shtrafy-avtoparka-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await reply.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Организация', 'Постановление (УИН)', 'Дата постановления', 'Статья КоАП', 'Нарушение', 'Госномер или ВУ', 'Место', 'Сумма без скидки, ₽', 'К оплате, ₽', 'Скидка до', 'Оплачен']);
    expect(sheet?.rowCount).toBe(list.total + 1);
    const first = list.items[0];
    const row = sheet?.getRow(2);
    expect(row?.getCell(2).value).toBe(first.uin);
    expect(String(row?.getCell(2).value)).toContain('*');
    expect(row?.getCell(3).value).toEqual(new Date(`${first.rulingDate}T00:00:00Z`));
    expect(row?.getCell(9).value).toBe(first.amountToPay);
    expect(typeof row?.getCell(8).value).toBe('number');
    expect((await download(stranger, `format=xlsx&organization=${organizationId}`)).status).toBe(404);
    expect((await download(company, 'format=pdf')).status).toBe(400);
  });

  it('shows everything once the subscription is paid, and filters', async () => {
    await api.database.db.updateTable('organizations').set({ subscribe_type: 1, subscription_end: new Date(api.now().getTime() + 30 * 86_400_000) }).where('id', '=', organizationId).execute();
    const all = (await api.request('GET', `/105/api/organization/${organizationId}/fines`, { session: company })).body.response;
    expect(all.items.every((i: { masked: boolean }) => !i.masked)).toBe(true);
    expect(all.items.map((i: { uin: string }) => i.uin)).toEqual(expect.arrayContaining([...FIXTURES.stsWithFinesUins]));
    const unpaid = (await api.request('GET', `/105/api/organization/${organizationId}/fines?paid=0`, { session: company })).body.response;
    expect(unpaid.items.every((i: { paid: boolean }) => !i.paid)).toBe(true);
    expect(unpaid.total).toBe(all.totals.unpaid);
    const discounted = (await api.request('GET', `/105/api/organization/${organizationId}/fines?discount=1`, { session: company })).body.response;
    expect(discounted.items.every((i: { discountActive: boolean }) => i.discountActive)).toBe(true);
    const vehicles = (await api.request('GET', `/105/api/organization/${organizationId}/vehicles`, { session: company })).body.response.items;
    const oneCar = (await api.request('GET', `/105/api/organization/fines?vehicle=${vehicles[0].id}`, { session: company })).body.response;
    expect(oneCar.items.every((i: { vehicleId: number }) => i.vehicleId === vehicles[0].id)).toBe(true);
    const page = (await api.request('GET', `/105/api/organization/${organizationId}/fines?showBy=2&page=2`, { session: company })).body.response;
    expect(page.items).toHaveLength(2);
    expect(page.items[0].id).toBe(all.items[2].id);
  });

  it('exports CSV for Russian spreadsheets once paid: full data, BOM, semicolons, DD.MM.YYYY and decimal commas', async () => {
    const reply = await download(company, `format=csv&organization=${organizationId}&paid=0`);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await reply.arrayBuffer());
    expect(text.startsWith('\uFEFFОрганизация;Постановление (УИН);Дата постановления;')).toBe(true);
    const lines = text.trim().split('\r\n');
    const unpaid = (await api.request('GET', `/105/api/organization/${organizationId}/fines?paid=0&showBy=100`, { session: company })).body.response;
    expect(lines).toHaveLength(unpaid.total + 1);
    const cells = lines[1]?.split(';') ?? [];
    expect(cells[1]).toBe(unpaid.items[0].uin);
    expect(cells[1]).not.toContain('*');
    expect(cells[2]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(cells[8]).toBe(unpaid.items[0].amountToPay.toFixed(2).replace('.', ','));
    expect(cells[10]).toBe('Нет');
  });

  it('counts amounts and discounts exactly as a fine\'s own page does', async () => {
    const person = await signUp(api, 'same-car@example.ru');
    await api.request('POST', '/105/api/sts', { session: person, form: FIXTURES.stsWithFines });
    const own = (await api.request('GET', '/api/ordinances/get/all?showBy=100', { session: person })).body.response.items as { number: string; amount: number; amountToPay: number; discountActive: boolean; discountLastDay: string | null; date: string }[];
    const fleet = (await api.request('GET', `/105/api/organization/${organizationId}/fines?showBy=100`, { session: company })).body.response.items as { uin: string; fullAmount: number; amountToPay: number; discountActive: boolean; discountLastDay: string | null; rulingDate: string }[];
    const compared = own.filter((item) => FIXTURES.stsWithFinesUins.includes(item.number as never));
    expect(compared).toHaveLength(3);
    for (const item of compared) {
      expect(fleet.find((f) => f.uin === item.number)).toMatchObject({ fullAmount: item.amount, amountToPay: item.amountToPay, discountActive: item.discountActive, discountLastDay: item.discountLastDay, rulingDate: item.date });
    }
    expect(compared.some((item) => item.discountActive)).toBe(true);
  });

  it('another account cannot filter by this fleet\'s vehicle', async () => {
    const vehicles = (await api.request('GET', `/105/api/organization/${organizationId}/vehicles`, { session: company })).body.response.items;
    expect((await api.request('GET', `/105/api/organization/fines?vehicle=${vehicles[0].id}`, { session: stranger })).status).toBe(404);
    expect((await api.request('DELETE', `/105/api/organization/${organizationId}/vehicles/${vehicles[0].id}`, { session: stranger })).status).toBe(404);
  });
});

describe('the account type (POST /user/type)', () => {
  it('switches an account to a legal entity and back', async () => {
    const person = await signUp(api, 'person@example.ru');
    expect((await api.request('POST', '/105/api/user/type', { session: person, form: { type: '3' } })).body.response.userType).toBe(3);
    expect((await api.request('POST', '/105/api/user/type', { session: person, form: { type: '-1' } })).body.response.userType).toBe(-1);
    expect((await api.request('POST', '/105/api/user/type', { session: person, form: { type: '7' } })).status).toBe(422);
  });
});
