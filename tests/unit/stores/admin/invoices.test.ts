import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $adminInvoices, importStatement, loadAdminInvoices, markPaid } from '../../../../src/stores/admin/invoices.ts';
import { resetAccountStores, signedIn } from '../account/fixtures.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';

const INVOICE = { id: 7, number: '2026-00007', organizationName: 'ООО «Вектор»', inn: '7707083893', vehicles: 3, months: 12, totalKopecks: 540_000, createdAt: '2026-03-16T07:00:00.000Z', paidAt: null, source: null };

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  resetAccountStores();
  $adminInvoices.set({ view: { kind: 'loading' }, q: '', marking: undefined, notice: '', error: '', uploading: false, report: undefined });
});
afterEach(() => resetAccountStores());

describe('/admin/invoices/', () => {
  it('is “not found” for an account not on the team', async () => {
    signedIn({});
    fakeApi({ 'GET /105/api/admin/invoices': () => fail(404, 'Метод API не найден') });
    await loadAdminInvoices();
    expect($adminInvoices.get().view).toEqual({ kind: 'notFound' });
  });

  it('marks an invoice paid, says until when (Moscow date), and reloads the list', async () => {
    signedIn({});
    const api = fakeApi({
      'GET /105/api/admin/invoices': [() => ok({ items: [INVOICE] }), () => ok({ items: [{ ...INVOICE, paidAt: '2026-03-16T22:30:00.000Z', source: 'admin' }] })],
      'POST /105/api/admin/invoices/7/paid': () => ok({ outcome: 'paid', subscriptionEnd: '2027-03-23T21:30:00.000Z' }),
    });
    await loadAdminInvoices('2026-00007');
    expect(api.calls[0]?.query.get('q')).toBe('2026-00007');
    await markPaid(INVOICE);
    expect($adminInvoices.get().marking).toBeUndefined();
    expect($adminInvoices.get()).toMatchObject({ notice: 'Счёт № 2026-00007 отмечен оплаченным. Подписка до 24.03.2027.', error: '' });
    expect($adminInvoices.get().view).toMatchObject({ kind: 'ready', items: [{ source: 'admin' }] });
  });

  it('keeps a statement’s report, and shows a refusal', async () => {
    signedIn({});
    const report = { duplicate: false, uploadedAt: '2026-03-16T07:00:00.000Z', documents: 1, matched: 1, rows: [{ document: '№ 17 от 16.03.2026', payer: 'ООО «Вектор»', amountKopecks: 540_000, invoiceNumber: '2026-00007', outcome: 'paid', reason: 'Счёт оплачен' }] };
    fakeApi({ 'GET /105/api/admin/invoices': () => ok({ items: [] }), 'POST /105/api/admin/bank-statement': [() => ok(report), () => fail(422, 'В выписке нет документов')] });
    await importStatement(new File(['1CClientBankExchange'], 'kl_to_1c.txt'));
    expect($adminInvoices.get()).toMatchObject({ uploading: false, report, error: '' });
    await importStatement(new File(['1CClientBankExchange'], 'kl_to_1c.txt'));
    expect($adminInvoices.get()).toMatchObject({ uploading: false, report: undefined, error: 'В выписке нет документов' });
  });
});
