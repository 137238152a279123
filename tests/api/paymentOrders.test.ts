import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import type { PayeeJson } from '../../server/db/schema.ts';
import { accountKey } from '../../server/providers/fines/regions.ts';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { cp1251 } from './helpers/cp1251.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import type { Session } from './helpers/testApi.ts';

// Issue 26 §3: payment orders for the bank — the fleet's unpaid fines as a 1CClientBankExchange file
// (read back here by a parser of its own, field by field) or XLSX, and the «выгружен» mark.

let api: MailTestApi;
let company: Session;
let stranger: Session;
let organizationId: number;
let strangerOrganizationId: number;
const INN = withInnCheckDigits('770708389');
const BANK = { account: '40702810938000012345', bik: '044525225', bankName: 'ПАО Сбербанк', correspondentAccount: '30101810400000000225' };
beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
  company = await signUp(api, 'accountant@example.ru', { isLegalEntity: '1' });
  stranger = await signUp(api, 'other-accountant@example.ru', { isLegalEntity: '1' });
  organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: INN } })).body.response.item.id;
  await api.request('POST', `/105/api/organization/${organizationId}/vehicles`, { session: company, form: FIXTURES.stsWithFines });
  await api.request('POST', `/105/api/organization/${organizationId}/drivers`, { session: company, form: { driverLicense: FIXTURES.licence } });
  strangerOrganizationId = (await api.request('POST', '/105/api/organization', { session: stranger, form: { inn: withInnCheckDigits('500100732') } })).body.response.item.id;
  await api.request('POST', `/105/api/organization/${strangerOrganizationId}/vehicles`, { session: stranger, form: { sts: '7701987654', vehiclePlateNumber: 'В456ОР', vehiclePlateRegion: '77' } });
  // The other organization is paid and has its account too: only ownership can refuse it.
  const { hash } = (await api.request('POST', `/105/api/organization/${strangerOrganizationId}/invoice`, { session: stranger, form: { vehicles: '1', months: '1' } })).body.response.invoice;
  await api.request('POST', `/105/api/sandbox/invoice/${hash}/pay`);
  await api.request('POST', `/105/api/organization/${strangerOrganizationId}/bank-account`, { session: stranger, form: BANK });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

type Fine = { id: number; uin: string; amountToPayKopecks: number; discountActive: boolean; paid: boolean; rulingDate: string };
const unpaid = async (session = company, id = organizationId) => (await api.request('GET', `/105/api/organization/${id}/payment-orders/fines`, { session })).body.response as { fines: { items: Fine[] }; exported: Record<string, string>; bankAccountSaved: boolean; paid: boolean };

/** Asks for orders and answers the raw bytes. */
async function orders(form: Record<string, string>, session = company, id = organizationId) {
  const response = await api.app.request(`/105/api/organization/${id}/payment-orders`, {
    method: 'POST',
    headers: { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The test's own reader of 1CClientBankExchange: the header's fields and each document's fields, in order. */
function parseExchange(text: string): { first: string; header: [string, string][]; documents: { kind: string; fields: [string, string][] }[]; last: string } {
  const lines = text.split('\r\n');
  expect(lines.at(-1)).toBe(''); // the last line ends with CRLF too
  lines.pop();
  const header: [string, string][] = [];
  const documents: { kind: string; fields: [string, string][] }[] = [];
  let current: { kind: string; fields: [string, string][] } | undefined;
  for (const line of lines.slice(1, -1)) {
    if (line === 'КонецДокумента') {
      documents.push(current!);
      current = undefined;
      continue;
    }
    const [key, ...rest] = line.split('=');
    const pair: [string, string] = [key!, rest.join('=')];
    if (key === 'СекцияДокумент') current = { kind: pair[1], fields: [] };
    else (current?.fields ?? header).push(pair);
  }
  expect(current).toBeUndefined();
  return { first: lines[0]!, header, documents, last: lines.at(-1)! };
}

describe('payment orders in demo', () => {
  it('shows the same list masked, and makes no file', async () => {
    const list = await unpaid();
    expect(list.paid).toBe(false);
    expect(list.fines.items.length).toBeGreaterThan(0);
    expect(list.fines.items.every((f) => f.uin.includes('*'))).toBe(true);
    await api.request('POST', `/105/api/organization/${organizationId}/bank-account`, { session: company, form: BANK });
    const reply = await orders({ all: 'discounted', format: '1c' });
    expect(reply.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(reply.bytes)).error.errorDesc).toMatch(/^Платёжки для банка выгружаются по оплаченной подписке/);
  });

  it('becomes paid through the invoice and the sandbox call', async () => {
    const { hash } = (await api.request('POST', `/105/api/organization/${organizationId}/invoice`, { session: company, form: { vehicles: '2', months: '1' } })).body.response.invoice;
    expect((await api.request('POST', `/105/api/sandbox/invoice/${hash}/pay`)).body.response.outcome).toBe('paid');
    expect((await unpaid()).paid).toBe(true);
  });
});

describe('the organization’s bank account', () => {
  it.each([
    [{ ...BANK, account: '4070281093800001234' }, 'Расчётный счёт — 20 цифр'],
    [{ ...BANK, bik: '04452522X' }, 'БИК — 9 цифр'],
    [{ ...BANK, bankName: ' ' }, 'Укажите название банка (до 160 символов)'],
    [{ ...BANK, correspondentAccount: '301018104000000002251' }, 'Корреспондентский счёт — 20 цифр'],
    [{ account: BANK.account, bik: BANK.bik, bankName: BANK.bankName }, 'Поле «Корреспондентский счёт» обязательно для заполнения'],
  ])('refuses %o with «%s»', async (form, message) => {
    const reply = await api.request('POST', `/105/api/organization/${organizationId}/bank-account`, { session: company, form });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe(message);
  });

  it('is kept and read back; another account gets 404', async () => {
    expect((await api.request('POST', `/105/api/organization/${organizationId}/bank-account`, { session: company, form: BANK })).body.response).toEqual({ account: BANK });
    expect((await api.request('GET', `/105/api/organization/${organizationId}/bank-account`, { session: company })).body.response).toEqual({ account: BANK });
    expect((await api.request('GET', `/105/api/organization/${organizationId}/bank-account`, { session: stranger })).status).toBe(404);
    expect((await api.request('POST', `/105/api/organization/${organizationId}/bank-account`, { session: stranger, form: BANK })).status).toBe(404);
  });
});

describe('the 1CClientBankExchange file', () => {
  it('has one «Платежное поручение» per chosen fine, every field by the rules, in Windows-1251 with CRLF', async () => {
    const list = await unpaid();
    const chosen = list.fines.items.slice(0, 2);
    const reply = await orders({ fineIds: chosen.map((f) => f.id).join(','), format: '1c' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; charset=windows-1251');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="platezhki-shtrafy-2026-03-16.txt"');
    const line = await api.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'fleet.paymentOrders').executeTakeFirstOrThrow();
    expect(line).toMatchObject({ user_id: company.userId, object_type: 'organization', object_id: String(organizationId), outcome: 'ok' });
    // Windows-1251: no BOM, Cyrillic as single bytes; CRLF: no line feed without its carriage return.
    expect([...reply.bytes.slice(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('windows-1251').decode(reply.bytes);
    expect(reply.bytes).toEqual(cp1251(text));
    expect(reply.bytes.some((b, i) => b === 0x0a && reply.bytes[i - 1] !== 0x0d)).toBe(false);
    expect(new TextDecoder('utf-8', { fatal: false }).decode(reply.bytes)).toContain('\uFFFD'); // not UTF-8
    const file = parseExchange(text);
    expect(file.first).toBe('1CClientBankExchange');
    expect(file.last).toBe('КонецФайла');
    expect(Object.fromEntries(file.header)).toMatchObject({ ВерсияФормата: '1.03', Кодировка: 'Windows', ДатаСоздания: '16.03.2026', РасчСчет: BANK.account, Документ: 'Платежное поручение' });
    expect(file.documents).toHaveLength(2);
    for (const [index, fine] of chosen.entries()) {
      const document = file.documents[index]!;
      expect(document.kind).toBe('Платежное поручение');
      const row = await api.deps.db.selectFrom('fines').select(['payee', 'plate_number']).where('id', '=', fine.id).executeTakeFirstOrThrow();
      const payee = (typeof row.payee === 'string' ? JSON.parse(row.payee) : row.payee) as PayeeJson;
      const kopecks = fine.amountToPayKopecks;
      expect(document.fields.map(([key]) => key)).toEqual([
        'Номер', 'Дата', 'Сумма', 'ПлательщикСчет', 'Плательщик', 'ПлательщикИНН', 'ПлательщикКПП', 'Плательщик1', 'ПлательщикРасчСчет', 'ПлательщикБанк1', 'ПлательщикБИК', 'ПлательщикКорсчет',
        'ПолучательСчет', 'Получатель', 'ПолучательИНН', 'ПолучательКПП', 'Получатель1', 'ПолучательРасчСчет', 'ПолучательБанк1', 'ПолучательБИК', 'ПолучательКорсчет',
        'ВидПлатежа', 'ВидОплаты', 'Код', 'СтатусСоставителя', 'ПоказательКБК', 'ОКАТО', 'ПоказательОснования', 'ПоказательПериода', 'ПоказательНомера', 'ПоказательДаты', 'Очередность', 'НазначениеПлатежа',
      ]);
      const fields = Object.fromEntries(document.fields);
      expect(fields).toMatchObject({
        Номер: String(index + 1),
        Дата: '16.03.2026',
        Сумма: `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`,
        ПлательщикСчет: BANK.account,
        ПлательщикИНН: INN,
        ПлательщикКПП: `${INN.slice(0, 4)}01001`,
        ПлательщикБИК: BANK.bik,
        ПлательщикКорсчет: BANK.correspondentAccount,
        ПлательщикБанк1: BANK.bankName,
        ПолучательСчет: payee.account,
        Получатель: payee.name,
        ПолучательИНН: payee.inn,
        ПолучательКПП: payee.kpp,
        ПолучательБИК: payee.bik,
        ПолучательБанк1: payee.bankName,
        ПолучательКорсчет: payee.correspondentAccount,
        ВидПлатежа: '',
        ВидОплаты: '01',
        Код: fine.uin,
        СтатусСоставителя: '08',
        ПоказательКБК: payee.kbk,
        ОКАТО: payee.oktmo,
        ПоказательОснования: '0',
        ПоказательПериода: '0',
        ПоказательНомера: '0',
        ПоказательДаты: '0',
        Очередность: '5',
      });
      // Treasury payee: the treasury account (03…) and the single treasury account (40102…) whose key checks with the БИК.
      expect(fields['ПолучательСчет']).toMatch(/^03100643\d{12}$/);
      expect(fields['ПолучательКорсчет']).toMatch(/^40102810\d{12}$/);
      expect(accountKey(payee.bik, fields['ПолучательКорсчет']!)).toBe(Number(fields['ПолучательКорсчет']![8]));
      expect(fields['ПоказательКБК']).toMatch(/^\d{20}$/);
      expect(fields['ОКАТО']).toMatch(/^(\d{8}|\d{11})$/);
      expect(fields['Код']).toMatch(/^(\d{20}|\d{25})$/);
      expect(fields['НазначениеПлатежа']).toContain(`№ ${fine.uin} от ${fine.rulingDate.split('-').reverse().join('.')}`);
      expect(fields['НазначениеПлатежа']!.length).toBeLessThanOrEqual(210);
    }
  });

  it('marks the exported fines «выгружен» with the day, numbers the next file on, and forgets a fine once the source shows it paid', async () => {
    const list = await unpaid();
    const exported = Object.keys(list.exported).map(Number);
    expect(exported).toHaveLength(2);
    expect(Object.values(list.exported)).toEqual([api.now().toISOString(), api.now().toISOString()]);
    api.advance(86_400_000);
    const all = await orders({ all: 'discounted', format: '1c' });
    expect(all.status).toBe(200);
    const file = parseExchange(new TextDecoder('windows-1251').decode(all.bytes));
    const discounted = list.fines.items.filter((f) => f.discountActive);
    expect(file.documents.map((d) => Object.fromEntries(d.fields)['Код'])).toEqual(discounted.map((f) => f.uin));
    expect(file.documents.map((d) => Object.fromEntries(d.fields)['Номер'])).toEqual(discounted.map((_, i) => String(3 + i)));
    const after = await unpaid();
    for (const fine of discounted) expect(after.exported[String(fine.id)]).toBe(api.now().toISOString());
    // The source shows it paid: it leaves the unpaid list and its mark with it.
    const first = exported[0]!;
    await api.deps.db.updateTable('fines').set({ paid: true }).where('id', '=', first).execute();
    const paidNow = await unpaid();
    expect(paidNow.fines.items.some((f) => f.id === first)).toBe(false);
    expect(paidNow.exported[String(first)]).toBeUndefined();
  });

  it('shows the same mark in the cabinet’s main table of fleet fines, until the source shows the fine paid', async () => {
    const table = async (query: string) =>
      (await api.request('GET', `/105/api/organization/fines?organization=${organizationId}&showBy=100${query}`, { session: company })).body.response.items as (Fine & { exportedAt: string | null })[];
    const marks = (await unpaid()).exported;
    const unpaidRows = await table('&paid=0');
    expect(unpaidRows.length).toBeGreaterThan(0);
    for (const row of unpaidRows) expect(row.exportedAt).toBe(marks[String(row.id)] ?? null);
    expect(unpaidRows.some((row) => row.exportedAt !== null)).toBe(true);
    // A fine that went into an order and is paid now: no mark, though the export row stays.
    const paidRows = await table('&paid=1');
    const exportedPaid = await api.deps.db.selectFrom('fine_payment_exports').select('fine_id').where('organization_id', '=', organizationId).where('fine_id', 'in', paidRows.map((r) => r.id)).execute();
    expect(exportedPaid.length).toBeGreaterThan(0);
    for (const row of paidRows) expect(row.exportedAt).toBeNull();
  });

  it('is offered as XLSX for reading, with the same orders', async () => {
    const list = await unpaid();
    const reply = await orders({ fineIds: list.fines.items.map((f) => f.id).join(','), format: 'xlsx' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.bytes.buffer);
    const sheet = workbook.getWorksheet('Платёжные поручения')!;
    expect(sheet.rowCount).toBe(list.fines.items.length + 1);
    expect(sheet.getRow(1).getCell(10).value).toBe('УИН, «Код» (22)');
    expect(sheet.getRow(2).getCell(10).value).toBe(list.fines.items[0]!.uin);
    expect(sheet.getRow(2).getCell(2).value).toBe(list.fines.items[0]!.amountToPayKopecks / 100);
    expect(sheet.getRow(2).getCell(11).value).toBe('08');
    expect(workbook.getWorksheet('Плательщик')!.getRow(1).getCell(2).value).toMatch(/^(ООО|АО|ПАО) «/);
  });
});

describe('what is not this organization’s', () => {
  it('answers 404 for another organization’s fine, a paid fine, a missing one, and another account’s organization', async () => {
    const [own] = (await unpaid()).fines.items;
    const paidFine = await api.deps.db.selectFrom('fines').select('id').where('paid', '=', true).executeTakeFirstOrThrow();
    // A fine of the other organization's fleet.
    const theirs = (await unpaid(stranger, strangerOrganizationId)).fines.items[0];
    expect(theirs).toBeDefined();
    for (const ids of [`${own!.id},${paidFine.id}`, '99999999', `${own!.id},${theirs!.id}`]) {
      expect((await orders({ fineIds: ids, format: '1c' })).status).toBe(404);
    }
    expect((await orders({ fineIds: String(own!.id), format: '1c' }, stranger)).status).toBe(404);
    expect((await orders({ fineIds: String(own!.id), format: '1c' }, stranger, strangerOrganizationId)).status).toBe(404);
    expect((await api.request('GET', `/105/api/organization/${organizationId}/payment-orders/fines`, { session: stranger })).status).toBe(404);
    const marks = await api.deps.db.selectFrom('fine_payment_exports').select('fine_id').where('organization_id', '=', strangerOrganizationId).execute();
    expect(marks).toEqual([]);
  });

  it.each([
    [{ format: '1c' }, 400, 'Выберите штрафы или «все неоплаченные со скидкой»'],
    [{ fineIds: '1', all: 'discounted', format: '1c' }, 400, 'Выберите штрафы или «все неоплаченные со скидкой»'],
    [{ fineIds: '1;2', format: '1c' }, 400, 'Выберите штрафы'],
  ])('refuses %o', async (form, status, message) => {
    const reply = await orders(form as Record<string, string>);
    expect(reply.status).toBe(status);
    expect(JSON.parse(new TextDecoder().decode(reply.bytes)).error.errorDesc).toBe(message);
  });
});
