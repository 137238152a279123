import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishA3SandboxOrder } from '../../../server/payments/a3SandboxStore.ts';
import { a3Signature, A3_SIGNATURE_HEADER } from '../../../server/payments/gateways/a3/protocol.ts';
import { pollA3 } from '../../../server/payments/jobs.ts';
import { formatKopecks } from '../../../src/lib/paymentTotals.ts';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { payerWithFines, startPayment } from './helpers.ts';
import type { Payer } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** The A3 gateway of the test API (the sandbox). */
function gateway() {
  const a3 = api.deps.payments.a3;
  if (a3 === undefined) throw new Error('the test API offers A3');
  return a3;
}

/** A waiting A3 payment of the payer's first fine(s): its id, total, fines and the card form's path. */
async function a3Payment(count = 1): Promise<{ payer: Payer; id: string; total: number; fineIds: number[]; form: string }> {
  const payer = await payerWithFines(api, count);
  const fineIds = payer.fineIds.slice(0, count);
  const started = await startPayment(api, payer, fineIds, { paymentSystem: 'A3' });
  expect(started.status).toBe(200);
  const { paymentId, redirectUrl } = started.body.response as { paymentId: string; redirectUrl: string };
  expect(redirectUrl).toBe(`http://localhost:4321/105/sandbox-gateway/a3/pay/${paymentId}`);
  const total = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response.total as number;
  return { payer, id: paymentId, total, fineIds, form: new URL(redirectUrl).pathname };
}

const status = async (payer: Payer, id: string) => (await api.request('GET', `/105/api/payment/${id}`, { session: payer.session })).body.response;
const ordersOf = (fineIds: readonly number[]) => api.deps.db.selectFrom('orders').selectAll().where('fine_id', 'in', fineIds).execute();
const card = (form: string, number: string, action = 'pay') =>
  api.app.request(form, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: number, exp: '12/30', cvc: '123', action }).toString() });

/** Sends A3's callback for the payment, signed with `secret` (the merchant's by default). */
async function callback(state: Record<string, unknown>, secret = gateway().merchant.secret) {
  const body = JSON.stringify({ merchantId: gateway().merchant.merchantId, operationId: '555000111', ...state });
  const reply = await api.app.request('/105/api/payment/a3/callback', { method: 'POST', headers: { 'content-type': 'application/json', [A3_SIGNATURE_HEADER]: a3Signature(secret, body) }, body });
  return { status: reply.status, json: (await reply.json()) as { result: string }, signed: reply.headers.get(A3_SIGNATURE_HEADER) };
}

describe('A3: order, card page, callback', () => {
  it('creates the order at the gateway and sends the payer to its card page', async () => {
    const { form, total } = await a3Payment(1);
    const page = await api.app.request(form);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('тестовый шлюз A3');
    expect(html).toContain('4000 0000 0000 0002');
    expect(html).toContain(formatKopecks(total));
  });

  it('the paying card: the signed callback pays the payment and its fines, and the payer returns to the wait page', async () => {
    const { payer, id, fineIds, form } = await a3Payment(2);
    const reply = await card(form, '4111 1111 1111 1111');
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(`http://localhost:4321/prepayment/wait/?paymentId=${id}`);
    expect(await status(payer, id)).toMatchObject({ status: 'success', receiptHash: expect.any(String) });
    expect(await ordersOf(fineIds)).toHaveLength(2);
    // The order is finished: its card page is gone.
    expect((await api.app.request(form)).status).toBe(404);
  });

  it('the declined card closes the payment with the bank\'s reason and frees its fines', async () => {
    const { payer, id, fineIds, form } = await a3Payment(1);
    const reply = await card(form, '4000 0000 0000 0002');
    expect(reply.headers.get('location')).toBe(`http://localhost:4321/prepayment/error/?paymentId=${id}&reason=declined`);
    expect(await status(payer, id)).toMatchObject({ status: 'error', errorDesc: expect.stringMatching(/^Банк отклонил оплату/) });
    expect(await ordersOf(fineIds)).toHaveLength(0);
    expect((await startPayment(api, payer, fineIds, { paymentSystem: 'A3' })).status).toBe(200);
  });

  it('an unknown card is asked again; cancel returns to our error page', async () => {
    const { id, form } = await a3Payment(1);
    const again = await card(form, '1234 5678 9012 3456');
    expect(await again.text()).toContain('Карта не принята');
    const back = await card(form, '', 'cancel');
    expect(back.headers.get('location')).toBe(`http://localhost:4321/prepayment/error/?paymentId=${id}`);
  });
});

describe('A3 callbacks, exactly once', () => {
  it('a repeat, a replay an hour later and ten at once change the payment once', async () => {
    const { payer, id, total, fineIds } = await a3Payment(1);
    const paid = { orderId: id, status: 'paid', amount: total };
    const first = await callback(paid);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ result: 'ok' });
    expect(first.signed).toBe(a3Signature(gateway().merchant.secret, JSON.stringify({ result: 'ok' })));
    expect((await callback(paid)).status).toBe(200);
    api.advance(3_600_000);
    const ten = await Promise.all(Array.from({ length: 10 }, () => callback(paid)));
    expect(ten.every((reply) => reply.status === 200)).toBe(true);
    expect((await status(payer, id)).status).toBe('success');
    expect(await ordersOf(fineIds)).toHaveLength(1);
    const events = await api.deps.db.selectFrom('payment_events').select('outcome').where('payment_id', '=', id).where('kind', '=', 'a3.callback').execute();
    expect(events.filter((event) => event.outcome === 'paid')).toHaveLength(1);
  });

  it('a wrong signature, a wrong amount or an unknown order change nothing and are refused', async () => {
    const { payer, id, total, fineIds } = await a3Payment(1);
    expect((await callback({ orderId: id, status: 'paid', amount: total }, 'not-the-merchant-secret')).status).toBe(400);
    expect((await callback({ orderId: id, status: 'paid', amount: total - 100 })).status).toBe(400);
    expect((await callback({ orderId: 'f'.repeat(32), status: 'paid', amount: total })).status).toBe(400);
    const malformed = await api.app.request('/105/api/payment/a3/callback', { method: 'POST', body: '{"orderId":', headers: { [A3_SIGNATURE_HEADER]: a3Signature(gateway().merchant.secret, '{"orderId":') } });
    expect(malformed.status).toBe(400);
    expect((await status(payer, id)).status).toBe('wait');
    expect(await ordersOf(fineIds)).toHaveLength(0);
    const outcomes = (await api.deps.db.selectFrom('payment_events').select('outcome').where('kind', '=', 'a3.callback').execute()).map((event) => event.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['bad-signature', 'amount-mismatch', 'unknown-payment', 'malformed']));
  });

  it('money for a cancelled payment is acknowledged, changes nothing, and is marked for a refund', async () => {
    const { payer, id, total, fineIds } = await a3Payment(1);
    expect((await api.request('POST', '/105/api/payment/cancel', { session: payer.session, json: { paymentId: id } })).status).toBe(200);
    expect((await callback({ orderId: id, status: 'paid', amount: total })).status).toBe(200);
    expect((await status(payer, id)).status).toBe('cancelled');
    expect(await ordersOf(fineIds)).toHaveLength(0);
    const events = await api.deps.db.selectFrom('payment_events').select('outcome').where('payment_id', '=', id).execute();
    expect(events.map((event) => event.outcome)).toContain('refund_required');
  });
});

describe('A3 polling (a lost callback)', () => {
  it('asks the gateway about payments waiting over a minute and settles or closes them', async () => {
    const paid = await a3Payment(1);
    const declined = await a3Payment(1);
    const fresh = await a3Payment(1);
    // The bank answered, but the callbacks never arrived.
    await finishA3SandboxOrder(api.deps.db, paid.id, 'paid', '777000111');
    await finishA3SandboxOrder(api.deps.db, declined.id, 'declined', null);
    api.advance(61_000);
    await finishA3SandboxOrder(api.deps.db, fresh.id, 'paid', '777000222');
    expect(await pollA3(api.deps)).toBeGreaterThanOrEqual(2);
    expect((await status(paid.payer, paid.id)).status).toBe('success');
    expect((await status(declined.payer, declined.id)).status).toBe('error');
    // Polled too (it is over a minute old by now as well), the fresh one is settled once.
    expect(await pollA3(api.deps)).toBe(0);
    expect(await ordersOf(paid.fineIds)).toHaveLength(1);
  });
});

describe('A3 unreachable', () => {
  it('answers 502, closes the payment unpaid and frees the fines', async () => {
    const payer = await payerWithFines(api, 1);
    const a3 = gateway();
    const real = a3.fetch;
    a3.fetch = () => Promise.reject(new Error('connect ECONNREFUSED'));
    try {
      const reply = await startPayment(api, payer, payer.fineIds.slice(0, 1), { paymentSystem: 'A3' });
      expect(reply.status).toBe(502);
      expect(reply.body.error?.errorDesc).toMatch(/A3 сейчас недоступна/);
    } finally {
      a3.fetch = real;
    }
    expect((await startPayment(api, payer, payer.fineIds.slice(0, 1), { paymentSystem: 'A3' })).status).toBe(200);
  });
});
