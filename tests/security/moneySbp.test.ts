import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSignature, signedNotification } from '../../server/payments/gateways/moneta/protocol.ts';
import { envelope, invoiceRequest } from '../../server/payments/sbp/protocol.ts';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { TestApi } from '../api/helpers/testApi.ts';
import { notify, payerWithFines } from '../api/payments/helpers.ts';
import { inBank, pathOf, startSbp } from '../api/payments/sbpHelpers.ts';

// Issue 25 §2: an СБП payment settles only by a notification moneta really sent, once; its link and
// the sandbox's «bank app» and MerchantAPI give nothing to whoever guesses or forges.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const paymentRow = (id: string) => api.deps.db.selectFrom('payments').select(['status', 'gateway_operation_id']).where('id', '=', id).executeTakeFirstOrThrow();
const fields = (n: object) => Object.fromEntries(Object.entries(n).map(([k, v]) => [k, String(v ?? '')]));
const merchantApi = (body: unknown) => api.app.request('/105/sandbox-gateway/sbp/merchant-api', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('forged and replayed СБП notifications', () => {
  it('a notification signed with a guessed code, or at the card total, or for another payment, settles nothing', async () => {
    const payer = await payerWithFines(api, 1);
    const { paymentId, link, quote } = await startSbp(api, payer, payer.fineIds.slice(0, 1));
    const account = api.deps.payments.moneta.account;
    const guessed = signedNotification({ ...account, integrityCode: 'guess' }, paymentId, '555555555', link.total);
    expect((await notify(api, fields(guessed))).text).toBe('FAIL');
    // Signed right, but at the card total (what the page would show for a card): refused as the wrong amount.
    expect((await notify(api, fields(signedNotification(account, paymentId, '555555555', quote.total)))).text).toBe('FAIL');
    // The request's own signature replayed as a notification (an empty operation id makes the two strings equal).
    const base = { MNT_ID: account.accountId, MNT_TRANSACTION_ID: paymentId, MNT_OPERATION_ID: '', MNT_AMOUNT: `${Math.floor(link.total / 100)}.${String(link.total % 100).padStart(2, '0')}`, MNT_CURRENCY_CODE: 'RUB', MNT_SUBSCRIBER_ID: '', MNT_TEST_MODE: '1' };
    expect((await notify(api, fields({ ...base, MNT_SIGNATURE: notificationSignature(base, account.integrityCode) }))).text).toBe('FAIL');
    expect(await paymentRow(paymentId)).toEqual({ status: 'wait', gateway_operation_id: null });
    const outcomes = (await api.deps.db.selectFrom('payment_events').select('outcome').where('payment_id', '=', paymentId).execute()).map((e) => e.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['bad-signature', 'amount-mismatch', 'unexpected-fields']));
  });

  it('the bank’s real notification replayed later, and the link paid from two devices at once, settle once', async () => {
    const payer = await payerWithFines(api, 1);
    const { paymentId, link } = await startSbp(api, payer, payer.fineIds.slice(0, 1));
    const taps = await Promise.all([inBank(api, link.sandboxBankUrl, 'pay'), inBank(api, link.sandboxBankUrl, 'pay'), inBank(api, link.sandboxBankUrl, 'decline')]);
    expect(taps.filter((reply) => reply.status === 303)).toHaveLength(1);
    const settled = await paymentRow(paymentId);
    expect(settled.status).toBe('success');
    const replay = signedNotification(api.deps.payments.moneta.account, paymentId, settled.gateway_operation_id ?? '', link.total);
    api.advance(3_600_000);
    expect((await notify(api, fields(replay))).status).toBe(200);
    expect(await api.deps.db.selectFrom('orders').select('id').where('fine_id', '=', payer.fineIds[0] ?? 0).execute()).toHaveLength(1);
    const outcomes = (await api.deps.db.selectFrom('payment_events').select('outcome').where('payment_id', '=', paymentId).execute()).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes).toContain('duplicate');
  });
});

describe('the СБП sandbox gives nothing to strangers', () => {
  it('its MerchantAPI refuses a wrong password, a foreign account, and a return address off our site', async () => {
    const sbp = api.deps.payments.sbp;
    if (sbp === undefined) throw new Error('СБП sandbox is off');
    const request = { transactionId: 'a'.repeat(32), amountKopecks: 10_000, description: 'x', ttlMinutes: 5, redirectUrl: 'http://localhost:4321/prepayment/wait/?paymentId=x' };
    const wrong = await merchantApi(invoiceRequest({ ...sbp.api, password: 'guess' }, request));
    expect(wrong.status).toBe(401);
    const foreign = await (await merchantApi(invoiceRequest({ ...sbp.api, accountId: '99999999' }, request))).json();
    expect(JSON.stringify(foreign)).toContain('Неверные реквизиты счёта');
    const offSite = await (await merchantApi(invoiceRequest(sbp.api, { ...request, redirectUrl: 'https://evil.example/' }))).json();
    expect(JSON.stringify(offSite)).toContain('Неверные поля счёта');
    const unknown = await (await merchantApi(envelope(sbp.api, 'GetOperationDetailsByIdRequest', 'DROP TABLE'))).json();
    expect(JSON.stringify(unknown)).toContain('Неверный номер операции');
    const garbage = await api.app.request('/105/sandbox-gateway/sbp/merchant-api', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(garbage.status).toBe(400);
  });

  it('a guessed bank link is not found, and the payment link is only its payer’s', async () => {
    expect((await api.app.request('/105/sandbox-gateway/sbp/bank/AD1AAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await api.app.request(`/105/sandbox-gateway/sbp/bank/${encodeURIComponent('../../etc/passwd')}`)).status).toBe(404);
    const payer = await payerWithFines(api, 1);
    const { paymentId, link } = await startSbp(api, payer, payer.fineIds.slice(0, 1));
    const other = await api.register();
    expect((await api.request('GET', `/105/api/payment/${paymentId}/sbp`, { session: other })).status).toBe(404);
    // The bank page escapes what it shows.
    expect(await (await api.app.request(pathOf(link.sandboxBankUrl))).text()).not.toContain('<script');
  });
});
