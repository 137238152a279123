import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationAnswer, requestSignature } from '../../../server/payments/gateways/moneta/protocol.ts';
import { paymentJobs } from '../../../server/payments/jobs.ts';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { notify, paidNotification, payerWithFines, startPayment } from './helpers.ts';
import type { Payer } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** A waiting payment of the payer's first fine(s): its id, total and fines. */
async function waitingPayment(count = 1): Promise<{ payer: Payer; id: string; total: number; fineIds: number[] }> {
  const payer = await payerWithFines(api, count);
  const fineIds = payer.fineIds.slice(0, count);
  const { paymentId } = (await startPayment(api, payer, fineIds)).body.response;
  const total = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response.total as number;
  return { payer, id: paymentId, total, fineIds };
}

const status = async (payer: Payer, id: string) => (await api.request('GET', `/105/api/payment/${id}`, { session: payer.session })).body.response;
const ordersOf = (fineIds: readonly number[]) => api.deps.db.selectFrom('orders').selectAll().where('fine_id', 'in', fineIds).execute();
const eventsOf = (id: string) => api.deps.db.selectFrom('payment_events').select('outcome').where('payment_id', '=', id).orderBy('id').execute();
const accepted = (id: string) => notificationAnswer(api.deps.payments.moneta.account, id, true);

describe('the Pay URL notification (MONETA.Assistant), exactly once', () => {
  it('a valid notification pays the payment, its fines and orders, and is answered with the signed XML', async () => {
    const { payer, id, total, fineIds } = await waitingPayment(2);
    const reply = await notify(api, paidNotification(api, id, total));
    expect(reply).toEqual({ status: 200, text: accepted(id) });
    const state = await status(payer, id);
    expect(state).toMatchObject({ status: 'success', receiptHash: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(await ordersOf(fineIds)).toHaveLength(2);
    const fines = await api.deps.db.selectFrom('fines').select('paid').where('id', 'in', fineIds).execute();
    expect(fines.every((fine) => fine.paid)).toBe(true);
    // The fine list shows them paid now.
    const fine = (await api.request('GET', `/105/api/fine?fine=${fineIds[0]}`, { session: payer.session })).body.response.fine;
    expect(fine).toMatchObject({ paid: true, amountToPay: 0, paidAt: api.deps.clock().toISOString() });
    // The public page of a fine shows when it was paid too; an unpaid fine has no such time.
    const shared = (await api.request('GET', `/105/api/fine/info/${fine.shareHash}`)).body.response.fine;
    expect(shared.paidAt).toBe(fine.paidAt);
    // And the receipt is there, by its link alone.
    const receipt = await api.request('GET', `/105/api/payment/receipt/${state.receiptHash}`);
    expect(receipt.body.response).toMatchObject({ paymentId: id, payer: 'Иванов Иван Иванович', total, items: [{ uin: expect.any(String) }, { uin: expect.any(String) }] });
    await api.mailIdle();
    const mail = await api.deps.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'payer@example.ru').execute();
    expect(mail.map((m) => m.subject)).toContain('Квитанция об оплате штрафа');
    expect(mail.find((m) => m.subject === 'Квитанция об оплате штрафа')?.text_body).toContain(`/fines/document/${state.receiptHash}/`);
  });

  it('a repeat, a replay an hour later, and ten at once change it once', async () => {
    const { id, total, fineIds } = await waitingPayment(1);
    const fields = paidNotification(api, id, total);
    expect((await notify(api, fields)).text).toBe(accepted(id));
    expect((await notify(api, fields)).text).toBe(accepted(id));
    api.advance(3_600_000);
    expect((await notify(api, fields)).text).toBe(accepted(id));
    const storm = await Promise.all(Array.from({ length: 10 }, () => notify(api, paidNotification(api, id, total, '987654321'))));
    for (const reply of storm) expect(reply.text).toBe(accepted(id));
    expect(await ordersOf(fineIds)).toHaveLength(1);
    const outcomes = (await eventsOf(id)).map((event) => event.outcome);
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(12);
  });

  it('ten at once on a fresh payment: one settles, nine see it paid', async () => {
    const { id, total, fineIds } = await waitingPayment(1);
    await Promise.all(Array.from({ length: 10 }, () => notify(api, paidNotification(api, id, total))));
    expect(await ordersOf(fineIds)).toHaveLength(1);
    expect((await eventsOf(id)).filter((event) => event.outcome === 'paid')).toHaveLength(1);
  });

  it.each([
    ['a tampered signature', (fields: Record<string, string>) => ({ ...fields, MNT_SIGNATURE: '0'.repeat(32) }), 'bad-signature'],
    ['a tampered amount (signed without our code)', (fields: Record<string, string>) => ({ ...fields, MNT_AMOUNT: '1.00' }), 'bad-signature'],
    ['another account', (fields: Record<string, string>) => ({ ...fields, MNT_ID: '99999999' }), 'unexpected-fields'],
    ['a missing field', (fields: Record<string, string>) => ({ ...fields, MNT_OPERATION_ID: undefined as unknown as string }), 'malformed'],
  ])('%s changes nothing and is answered FAIL', async (_name, tamper, outcome) => {
    const { payer, id, total, fineIds } = await waitingPayment(1);
    const fields = Object.fromEntries(Object.entries(tamper(paidNotification(api, id, total))).filter(([, value]) => value !== undefined));
    expect(await notify(api, fields)).toEqual({ status: 200, text: 'FAIL' });
    expect((await status(payer, id)).status).toBe('wait');
    expect(await ordersOf(fineIds)).toEqual([]);
    const events = await api.deps.db.selectFrom('payment_events').select('outcome').where('outcome', '=', outcome).execute();
    expect(events.length).toBeGreaterThan(0);
  });

  it('a correctly signed notification for another amount changes nothing', async () => {
    const { payer, id, total, fineIds } = await waitingPayment(1);
    expect((await notify(api, paidNotification(api, id, total - 100))).text).toBe('FAIL');
    expect((await status(payer, id)).status).toBe('wait');
    expect(await ordersOf(fineIds)).toEqual([]);
    expect((await eventsOf(id)).map((event) => event.outcome)).toEqual(['amount-mismatch']);
  });

  it('an unknown payment changes nothing and is answered FAIL', async () => {
    expect((await notify(api, paidNotification(api, 'f'.repeat(32), 10_000))).text).toBe('FAIL');
  });

  it('money for a cancelled payment is acknowledged, changes nothing, and is marked for a refund', async () => {
    const { payer, id, total, fineIds } = await waitingPayment(1);
    await api.request('POST', '/105/api/payment/cancel', { session: payer.session, form: { paymentId: id } });
    expect((await notify(api, paidNotification(api, id, total))).text).toBe(accepted(id));
    expect((await status(payer, id)).status).toBe('cancelled');
    expect(await ordersOf(fineIds)).toEqual([]);
    expect((await eventsOf(id)).map((event) => event.outcome)).toEqual(['cancelled', 'refund_required']);
  });

  it('answers GET notifications too (moneta may use either method)', async () => {
    const { id, total } = await waitingPayment(1);
    const query = new URLSearchParams(paidNotification(api, id, total)).toString();
    const reply = await api.app.request(`/105/api/payment/moneta/notify?${query}`);
    expect(await reply.text()).toBe(accepted(id));
  });
});

describe('a payment the gateway never answers', () => {
  it('is closed unpaid by the expiry job once its 20-minute hold is over (issue 24; it was 28 hours), and its fines are free again', async () => {
    const { payer, id, fineIds } = await waitingPayment(1);
    const expire = paymentJobs(api.deps).find((job) => job.name === 'payments.expire');
    await expire?.run({}, 1);
    expect((await status(payer, id)).status).toBe('wait');
    api.advance(21 * 60_000);
    await expire?.run({}, 1);
    expect(await status(payer, id)).toMatchObject({ status: 'error', errorDesc: expect.stringMatching(/не подтвердила/) });
    expect((await startPayment(api, payer, fineIds)).status).toBe(200);
  });
});

describe('the moneta sandbox', () => {
  /** The sandbox's card page for a new payment, and the fields it posts back. */
  async function gatewayPage() {
    const { payer, id, fineIds } = await waitingPayment(1);
    const state = await status(payer, id);
    const redirect = (await api.deps.db.selectFrom('payments').select('id').where('id', '=', id).executeTakeFirstOrThrow()).id;
    const payment = await api.request('GET', `/105/api/payment/${redirect}`, { session: payer.session });
    const account = api.deps.payments.moneta.account;
    const amount = `${Math.floor(state.total / 100)}.${String(state.total % 100).padStart(2, '0')}`;
    const base = 'http://localhost:4321/prepayment';
    const fields: Record<string, string> = {
      MNT_ID: account.accountId,
      MNT_TRANSACTION_ID: id,
      MNT_AMOUNT: amount,
      MNT_CURRENCY_CODE: 'RUB',
      MNT_TEST_MODE: '1',
      MNT_DESCRIPTION: 'Оплата штрафа',
      MNT_SUCCESS_URL: `${base}/wait/?paymentId=${id}`,
      MNT_FAIL_URL: `${base}/error/?paymentId=${id}`,
      MNT_INPROGRESS_URL: `${base}/wait/?paymentId=${id}`,
      MNT_RETURN_URL: `${base}/error/?paymentId=${id}`,
      MNT_SIGNATURE: requestSignature(account, id, amount),
    };
    return { payer, id, fineIds, fields, payment: payment.body.response };
  }
  const pay = (fields: Record<string, string>, card: string, action = 'pay') =>
    api.app.request('/105/sandbox-gateway/moneta/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields, card, exp: '12/30', cvc: '123', action }).toString() });

  it('shows a card page for a signed request and refuses a tampered one', async () => {
    const { fields } = await gatewayPage();
    const page = await api.app.request(`/105/sandbox-gateway/moneta/assistant?${new URLSearchParams(fields).toString()}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('4111 1111 1111 1111');
    const tampered = await api.app.request(`/105/sandbox-gateway/moneta/assistant?${new URLSearchParams({ ...fields, MNT_AMOUNT: '1.00' }).toString()}`);
    expect(tampered.status).toBe(400);
    const elsewhere = await api.app.request(`/105/sandbox-gateway/moneta/assistant?${new URLSearchParams({ ...fields, MNT_SUCCESS_URL: 'https://evil.example/' }).toString()}`);
    expect(elsewhere.status).toBe(400);
  });

  it('the paying card sends the signed notification and returns the payer to the wait page', async () => {
    const { payer, id, fields } = await gatewayPage();
    const reply = await pay(fields, '4111 1111 1111 1111');
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(fields['MNT_SUCCESS_URL']);
    expect((await status(payer, id)).status).toBe('success');
  });

  it('the saved card (one tap, nothing typed) pays like the paying card', async () => {
    const { payer, id, fields } = await gatewayPage();
    const page = await (await api.app.request(`/105/sandbox-gateway/moneta/assistant?${new URLSearchParams(fields).toString()}`)).text();
    expect(page).toContain('Оплатить сохранённой картой •• 1111');
    const reply = await api.app.request('/105/sandbox-gateway/moneta/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields, savedCard: '4111 1111 1111 1111' }).toString() });
    expect(reply.headers.get('location')).toBe(fields['MNT_SUCCESS_URL']);
    expect((await status(payer, id)).status).toBe('success');
  });

  it('the declined card returns the payer to the error page and leaves the payment waiting', async () => {
    const { payer, id, fields } = await gatewayPage();
    const reply = await pay(fields, '4000000000000002');
    expect(reply.headers.get('location')).toBe(`${fields['MNT_FAIL_URL']}&reason=declined`);
    expect((await status(payer, id)).status).toBe('wait');
  });

  it('an unknown card is asked again; cancel goes back to our site', async () => {
    const { fields } = await gatewayPage();
    const again = await pay(fields, '1234 5678 9012 3456');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Карта не принята');
    const back = await pay(fields, '', 'cancel');
    expect(back.headers.get('location')).toBe(fields['MNT_RETURN_URL']);
  });
});

describe('a flood of forged notifications', () => {
  it('is refused with 429 after 60 a minute from one address, without filling the event log; genuine ones still pass', async () => {
    const { payer, id, total } = await waitingPayment(1);
    const forged = { ...paidNotification(api, id, total), MNT_SIGNATURE: '0'.repeat(32) };
    const replies = [];
    for (let i = 0; i < 70; i += 1) replies.push(await notify(api, forged));
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(10);
    const logged = await api.deps.db.selectFrom('payment_events').select('id').where('payment_id', '=', id).where('outcome', '=', 'bad-signature').execute();
    expect(logged).toHaveLength(60);
    expect((await notify(api, paidNotification(api, id, total))).text).toBe(accepted(id));
    expect((await status(payer, id)).status).toBe('success');
  });
});
