import { addMonths } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { OPERATOR } from '../../src/lib/operator.ts';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { cp1251 } from './helpers/cp1251.ts';
import type { Session } from './helpers/testApi.ts';

// Issue 26 §0: an invoice is settled by the operator, by the bank's statement or (SANDBOX_CONTROL=1)
// by the sandbox call; the subscription then runs for the months paid. Every marking is audited.

let api: MailTestApi;
let admin: Session;
let company: Session;
let organizationId: number;
beforeAll(async () => {
  api = await createMailTestApi({ adminEmails: ['operator@shtrafy.test'], sandboxControl: true, tariffKopecks: 15_000 });
  admin = await signUp(api, 'operator@shtrafy.test');
  company = await signUp(api, 'pays-invoices@example.ru', { isLegalEntity: '1' });
  organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('770708389') } })).body.response.item.id;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

type Invoice = { id: number; number: string; hash: string; totalKopecks: number };

/** Issues an invoice as the owner does and finds its id on the operator's page. */
async function issue(vehicles: number, months: number): Promise<Invoice> {
  const reply = await api.request('POST', `/105/api/organization/${organizationId}/invoice`, { session: company, form: { vehicles: String(vehicles), months: String(months) } });
  expect(reply.status).toBe(200);
  const { number, hash, totalKopecks } = reply.body.response.invoice;
  const list = await api.request('GET', `/105/api/admin/invoices?q=${number}`, { session: admin });
  const row = list.body.response.items.find((item: { number: string }) => item.number === number);
  return { id: row.id, number, hash, totalKopecks };
}

const organization = async () => (await api.request('GET', '/105/api/organization', { session: company })).body.response.items[0];
const audit = (action: string) => api.deps.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

/** Sends a file as the admin page's form does. */
async function uploadStatement(session: Session, bytes: Uint8Array, name = 'kl_to_1c.txt') {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  const response = await api.app.request('/105/api/admin/bank-statement', {
    method: 'POST',
    headers: { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** A statement as a bank client exports it: Windows-1251, CRLF, one section per document. */
function statement(documents: { number: string; amount: string; purpose: string; toAccount?: string }[]): Uint8Array {
  const lines = ['1CClientBankExchange', 'ВерсияФормата=1.03', 'Кодировка=Windows', 'Отправитель=Бухгалтерия предприятия', 'ДатаСоздания=16.03.2026', 'ДатаНачала=16.03.2026', 'ДатаКонца=16.03.2026', `РасчСчет=${OPERATOR.bank.account}`];
  lines.push('СекцияРасчСчет', 'ДатаНачала=16.03.2026', `РасчСчет=${OPERATOR.bank.account}`, 'НачальныйОстаток=0.00', 'КонецРасчСчет');
  for (const doc of documents) {
    lines.push(
      'СекцияДокумент=Платежное поручение',
      `Номер=${doc.number}`,
      'Дата=16.03.2026',
      `Сумма=${doc.amount}`,
      'ПлательщикСчет=40702810900000000001',
      'Плательщик1=ООО «Автопарк»',
      `ПлательщикИНН=${withInnCheckDigits('770708389')}`,
      `ПолучательСчет=${doc.toAccount ?? OPERATOR.bank.account}`,
      `ПолучательИНН=${doc.toAccount === undefined ? OPERATOR.inn : withInnCheckDigits('500100732')}`,
      'ДатаПоступило=16.03.2026',
      `НазначениеПлатежа=${doc.purpose}`,
      'КонецДокумента',
    );
  }
  lines.push('КонецФайла');
  return cp1251(`${lines.join('\r\n')}\r\n`);
}

describe('the operator marks an invoice paid (ADMIN_EMAILS)', () => {
  it('makes the subscription paid for the months paid, from the later of now and the demo’s end, once', async () => {
    const before = await organization();
    expect(before.isDemo).toBe(true);
    const invoice = await issue(3, 12);
    const reply = await api.request('POST', `/105/api/admin/invoices/${invoice.id}/paid`, { session: admin });
    expect(reply.status).toBe(200);
    const end = addMonths(new Date(before.subscriptionEndDate), 12);
    expect(reply.body.response).toEqual({ outcome: 'paid', subscriptionEnd: end.toISOString() });
    const after = await organization();
    expect(after).toMatchObject({ isDemo: false, subscribeType: 1, subscriptionEndDate: end.toISOString() });
    // The invoice reads paid for its owner; a second mark changes nothing and says so.
    expect((await api.request('GET', `/105/api/invoice/${invoice.hash}`, { session: company })).body.response.paidAt).toBe(api.now().toISOString());
    const again = await api.request('POST', `/105/api/admin/invoices/${invoice.id}/paid`, { session: admin });
    expect(again.body.response).toEqual({ outcome: 'alreadyPaid' });
    expect((await organization()).subscriptionEndDate).toBe(end.toISOString());
    const lines = await audit('invoice.paid.admin');
    expect(lines.map((l) => [l.user_id, l.object_id, l.outcome])).toEqual([
      [admin.userId, String(invoice.id), 'ok'],
      [admin.userId, String(invoice.id), 'refused'],
    ]);
  });

  it('extends from now once the subscription has ended', async () => {
    // The paid year ran out (moving the clock a year would end the test's sessions too).
    await api.deps.db.updateTable('organizations').set({ subscription_end: new Date(api.now().getTime() - 86_400_000) }).where('id', '=', organizationId).execute();
    expect((await organization()).isExpired).toBe(true);
    const invoice = await issue(1, 2);
    const reply = await api.request('POST', `/105/api/admin/invoices/${invoice.id}/paid`, { session: admin });
    expect(reply.body.response.subscriptionEnd).toBe(addMonths(api.now(), 2).toISOString());
  });

  it('is the operator’s only: another account, no session and a missing invoice get nothing', async () => {
    const invoice = await issue(1, 1);
    expect((await api.request('POST', `/105/api/admin/invoices/${invoice.id}/paid`, { session: company })).status).toBe(404);
    expect((await api.request('POST', `/105/api/admin/invoices/${invoice.id}/paid`)).status).toBe(401);
    expect((await api.request('GET', '/105/api/admin/invoices', { session: company })).status).toBe(404);
    expect((await api.request('POST', '/105/api/admin/invoices/999999/paid', { session: admin })).status).toBe(404);
    expect((await uploadStatement(company, statement([{ number: '1', amount: '1.00', purpose: invoice.number }]))).status).toBe(404);
    const list = await api.request('GET', `/105/api/admin/invoices?q=${invoice.number}`, { session: admin });
    expect(list.body.response.items[0]).toMatchObject({ number: invoice.number, paidAt: null, source: null });
  });
});

describe('the bank statement (1CClientBankExchange)', () => {
  it('pays the invoice whose number and amount match, and says why each other document did not', async () => {
    const paid = await issue(2, 3);
    const short = await issue(5, 1);
    const endBefore = (await organization()).subscriptionEndDate;
    const file = statement([
      { number: '101', amount: (paid.totalKopecks / 100).toFixed(2), purpose: `Оплата по счёту № ${paid.number} за подписку. НДС не облагается` },
      { number: '102', amount: '10.00', purpose: `Оплата счёта ${short.number}` },
      { number: '103', amount: '900.00', purpose: 'Оплата по счёту 2026-99999' },
      { number: '104', amount: '900.00', purpose: 'Возврат займа' },
      { number: '105', amount: '50.00', purpose: `Счёт ${short.number}`, toAccount: '40702810000000000999' },
    ]);
    const reply = await uploadStatement(admin, file);
    expect(reply.status).toBe(200);
    const report = reply.body.response;
    expect(report).toMatchObject({ duplicate: false, documents: 5, matched: 1 });
    expect(report.rows.map((r: { outcome: string; invoiceNumber: string | null }) => [r.outcome, r.invoiceNumber])).toEqual([
      ['paid', paid.number],
      ['amountMismatch', short.number],
      ['unknownNumber', '2026-99999'],
      ['noNumber', null],
      ['notIncoming', short.number],
    ]);
    expect(report.rows[1].reason).toMatch(/^Оплачено 10,00.₽, а счёт выставлен на 750,00.₽$/);
    expect(report.rows[2].reason).toBe('Счёта № 2026-99999 нет');
    expect((await organization()).subscriptionEndDate).toBe(addMonths(new Date(endBefore), 3).toISOString());
    const row = await api.deps.db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', paid.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'statement', marked_by: admin.userId, document: '№ 101 от 16.03.2026' });
    expect((await audit('invoice.paid.statement')).filter((l) => l.object_id === String(paid.id))).toHaveLength(1);
    expect((await audit('invoice.statementImport')).map((l) => [l.user_id, l.outcome])).toContainEqual([admin.userId, 'ok']);

    // The same file again: recognised, nothing changes.
    const end = (await organization()).subscriptionEndDate;
    const auditLines = (await audit('invoice.paid.statement')).length;
    const twice = await uploadStatement(admin, file);
    expect(twice.status).toBe(200);
    expect(twice.body.response).toMatchObject({ duplicate: true, documents: 5, matched: 1, rows: [] });
    expect((await organization()).subscriptionEndDate).toBe(end);
    expect(await audit('invoice.paid.statement')).toHaveLength(auditLines);
    // Another statement with the same payment: reported as already paid, not counted twice.
    const other = await uploadStatement(admin, statement([{ number: '201', amount: (paid.totalKopecks / 100).toFixed(2), purpose: `Счёт ${paid.number}` }]));
    expect(other.body.response.rows[0]).toMatchObject({ outcome: 'alreadyPaid' });
    expect((await organization()).subscriptionEndDate).toBe(end);
  });

  it.each([
    ['not the format', new TextEncoder().encode('Дата;Сумма\r\n16.03.2026;100\r\n'), 422, 'Это не файл обмена с банком: первая строка должна быть «1CClientBankExchange»'],
    ['a section left open', cp1251('1CClientBankExchange\r\nСекцияДокумент=Платежное поручение\r\nНомер=1\r\nКонецФайла\r\n'), 422, 'Файл оборван: секция не закрыта'],
    ['no end of file', cp1251('1CClientBankExchange\r\nВерсияФормата=1.03\r\n'), 422, 'Файл оборван: нет строки «КонецФайла»'],
    ['no documents', cp1251('1CClientBankExchange\r\nВерсияФормата=1.03\r\nКонецФайла\r\n'), 422, 'В выписке нет документов'],
  ])('refuses %s with a clear 4xx', async (_name, bytes, status, message) => {
    const reply = await uploadStatement(admin, bytes);
    expect(reply.status).toBe(status);
    expect(reply.body.error.errorDesc).toBe(message);
  });

  it('refuses a huge file before reading it and a form without a file', async () => {
    const huge = new Uint8Array(3 * 1024 * 1024).fill(0x41);
    const reply = await uploadStatement(admin, huge);
    expect(reply.status).toBe(413);
    expect(reply.body.error.errorDesc).toBe('Выписка больше 2 МБ: выгрузите из банка период короче');
    const empty = await api.app.request('/105/api/admin/bank-statement', { method: 'POST', headers: { 'X-Session': admin.session, 'X-Rand': admin.rand, 'X-User-Id': String(admin.userId) }, body: new FormData() });
    expect(empty.status).toBe(400);
  });
});

describe('the sandbox call (SANDBOX_CONTROL=1)', () => {
  it('pays an invoice by its link, once, and audits it', async () => {
    const invoice = await issue(1, 6);
    const end = (await organization()).subscriptionEndDate;
    const reply = await api.request('POST', `/105/api/sandbox/invoice/${invoice.hash}/pay`);
    expect(reply.status).toBe(200);
    expect(reply.body.response).toEqual({ outcome: 'paid', subscriptionEnd: addMonths(new Date(end), 6).toISOString() });
    expect((await api.request('POST', `/105/api/sandbox/invoice/${invoice.hash}/pay`)).body.response).toEqual({ outcome: 'alreadyPaid' });
    expect((await api.request('POST', '/105/api/sandbox/invoice/AAAAAAAAAAAAAAAAAAAAAA/pay')).status).toBe(404);
    expect((await audit('invoice.paid.sandbox')).map((l) => l.outcome)).toEqual(['ok', 'refused']);
  });

  it('does not exist without SANDBOX_CONTROL', async () => {
    const plain = await createMailTestApi();
    try {
      const owner = await signUp(plain, 'plain@example.ru', { isLegalEntity: '1' });
      const id = (await plain.request('POST', '/105/api/organization', { session: owner, form: { inn: withInnCheckDigits('770708389') } })).body.response.item.id;
      const { hash } = (await plain.request('POST', `/105/api/organization/${id}/invoice`, { session: owner, form: { vehicles: '1', months: '1' } })).body.response.invoice;
      const reply = await plain.request('POST', `/105/api/sandbox/invoice/${hash}/pay`);
      expect(reply.status).toBe(404);
      expect((await plain.request('GET', '/105/api/organization', { session: owner })).body.response.items[0].isDemo).toBe(true);
      expect(plain.unexpected).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
