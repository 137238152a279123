import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { OPERATOR } from '../../src/lib/operator.ts';
import { createMailTestApi, signUp } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { cp1251 } from '../api/helpers/cp1251.ts';
import { FIXTURES } from '../api/helpers/fixtures.ts';
import type { Session } from '../api/helpers/testApi.ts';

// Issue 26 §0/§3 attacked: a name that smuggles lines into the bank's file, characters the code page
// lacks, a statement that pays one invoice twice or with an amount written oddly, too many fines.

let api: MailTestApi;
let admin: Session;
let company: Session;
let organizationId: number;
const BANK = { account: '40702810938000012345', bik: '044525225', bankName: 'ПАО Сбербанк', correspondentAccount: '30101810400000000225' };
beforeAll(async () => {
  api = await createMailTestApi({ adminEmails: ['sec-operator@shtrafy.test'], sandboxControl: true });
  admin = await signUp(api, 'sec-operator@shtrafy.test');
  company = await signUp(api, 'sec-accountant@example.ru', { isLegalEntity: '1' });
  organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('770708389') } })).body.response.item.id;
  await api.request('POST', `/105/api/organization/${organizationId}/vehicles`, { session: company, form: FIXTURES.stsWithFines });
  await api.request('POST', `/105/api/organization/${organizationId}/bank-account`, { session: company, form: BANK });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

async function orders(form: Record<string, string>) {
  const response = await api.app.request(`/105/api/organization/${organizationId}/payment-orders`, {
    method: 'POST',
    headers: { 'X-Session': company.session, 'X-Rand': company.rand, 'X-User-Id': String(company.userId), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function upload(bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'statement.txt'));
  const response = await api.app.request('/105/api/admin/bank-statement', { method: 'POST', headers: { 'X-Session': admin.session, 'X-Rand': admin.rand, 'X-User-Id': String(admin.userId) }, body: form });
  return { status: response.status, body: await response.json() };
}

describe('the payment-order file', () => {
  it('keeps a name with line breaks on its one line (no smuggled «ПолучательСчет=»), and writes «?» for what Windows-1251 lacks', async () => {
    const invoice = (await api.request('POST', `/105/api/organization/${organizationId}/invoice`, { session: company, form: { vehicles: '1', months: '1' } })).body.response.invoice;
    await api.request('POST', `/105/api/sandbox/invoice/${invoice.hash}/pay`);
    // The organization's name comes from the company register (outside input) or the owner: the form refuses line breaks, a register answer might not.
    await api.deps.db.updateTable('organizations').set({ name: 'ООО Рога 🚚\r\nПолучательСчет=40702810000000000001\nСумма=0.01' }).where('id', '=', organizationId).execute();
    const list = (await api.request('GET', `/105/api/organization/${organizationId}/payment-orders/fines`, { session: company })).body.response;
    const reply = await orders({ fineIds: String(list.fines.items[0].id), format: '1c' });
    expect(reply.status).toBe(200);
    const lines = new TextDecoder('windows-1251').decode(reply.bytes).split('\r\n');
    expect(lines.filter((line) => line.startsWith('ПолучательСчет='))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('ПолучательСчет=40702810000000000001'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('Сумма='))).toHaveLength(1);
    expect(lines).toContain('Плательщик=ООО Рога ? ПолучательСчет=40702810000000000001 Сумма=0.01');
  });

  it('refuses more fines than a file carries, and a body past the limit', async () => {
    const many = Array.from({ length: 5_001 }, (_, i) => String(i + 1)).join(',');
    expect((await orders({ fineIds: many, format: '1c' })).status).toBe(400);
    expect((await orders({ fineIds: `${'9'.repeat(70_000)}`, format: '1c' })).status).toBe(413);
  });
});

describe('the bank statement', () => {
  it('pays an invoice once when one statement carries its payment twice, and never for an amount written oddly', async () => {
    const invoice = (await api.request('POST', `/105/api/organization/${organizationId}/invoice`, { session: company, form: { vehicles: '1', months: '2' } })).body.response.invoice;
    const rub = (invoice.totalKopecks / 100).toFixed(2);
    const doc = (n: string, sum: string) => ['СекцияДокумент=Платежное поручение', `Номер=${n}`, `Сумма=${sum}`, `ПолучательСчет=${OPERATOR.bank.account}`, `НазначениеПлатежа=Счёт ${invoice.number}`, 'КонецДокумента'];
    const file = cp1251(['1CClientBankExchange', ...doc('1', `${rub}e0`), ...doc('2', ` -${rub}`), ...doc('3', rub), ...doc('4', rub), 'КонецФайла', ''].join('\r\n'));
    const reply = await upload(file);
    expect(reply.status).toBe(200);
    expect(reply.body.response.rows.map((r: { outcome: string }) => r.outcome)).toEqual(['amountMismatch', 'amountMismatch', 'paid', 'alreadyPaid']);
    const payments = await api.deps.db.selectFrom('invoice_payments').innerJoin('invoices', 'invoices.id', 'invoice_payments.invoice_id').select('invoice_payments.id').where('invoices.number', '=', invoice.number).execute();
    expect(payments).toHaveLength(1);
  });
});
