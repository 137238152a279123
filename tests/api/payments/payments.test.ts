import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { PAYER, notify, paidNotification, payerWithFines, startPayment } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});


describe('quoting a payment (GET /payment/info)', () => {
  it('quotes the fines on the server at today\'s amount, with the commission and the total in kopecks', async () => {
    const payer = await payerWithFines(api, 2);
    const ids = payer.fineIds.slice(0, 2);
    const reply = await api.request('GET', `/105/api/payment/info?fineIds=${ids.join(',')}&type=fines`, { session: payer.session });
    expect(reply.status).toBe(200);
    const quote = reply.body.response;
    expect(quote.items.map((item: { fineId: number }) => item.fineId)).toEqual(ids);
    const sum = quote.items.reduce((total: number, item: { amountToPay: number }) => total + item.amountToPay, 0);
    expect(quote.amount).toBe(sum);
    expect(quote.commission).toBe(Math.max(3_000, Math.ceil((sum * 2.5) / 100)));
    expect(quote.total).toBe(quote.amount + quote.commission);
    expect(quote.paymentSystems).toEqual(['moneta', 'A3']);
    for (const item of quote.items) {
      expect(Number.isInteger(item.amountToPay)).toBe(true);
      expect(item.amountToPay).toBeLessThanOrEqual(item.fullAmount);
    }
  });

  it.each([
    ['fineId={id}&type=taxes', 400, /^Поле «uin» обязательно/],
    ['fineId={id}&type=parking', 400, /^Invalid recipient type$/],
    ['type=fines', 400, /fineId/],
    ['fineIds=abc', 400, /заполнено неверно/],
  ])('refuses %s', async (query, status, message) => {
    const payer = await payerWithFines(api, 1);
    const reply = await api.request('GET', `/105/api/payment/info?${query.replace('{id}', String(payer.fineIds[0]))}`, { session: payer.session });
    expect(reply.status).toBe(status);
    expect(reply.body.error?.errorDesc).toMatch(message);
  });

  it('answers another user\'s fine as if it did not exist', async () => {
    const owner = await payerWithFines(api, 1);
    const stranger = await api.register();
    const reply = await api.request('GET', `/105/api/payment/info?fineId=${owner.fineIds[0]}`, { session: stranger });
    expect(reply.status).toBe(404);
    expect((await api.request('GET', `/105/api/payee/info/${owner.fineIds[0]}/fines`, { session: stranger })).status).toBe(404);
  });

  it('gives each fine\'s payee requisites, and the spec\'s error for another recipient type', async () => {
    const payer = await payerWithFines(api, 1);
    const reply = await api.request('GET', `/105/api/payee/info/${payer.fineIds[0]}/fines`, { session: payer.session });
    expect(reply.body.response.items[0].payee).toMatchObject({ inn: expect.stringMatching(/^\d{10}$/), kbk: expect.stringMatching(/^\d{20}$/) });
    const wrong = await api.request('GET', `/105/api/payee/info/${payer.fineIds[0]}/parking`, { session: payer.session });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.errorDesc).toBe('Invalid recipient type');
  });
});

describe('starting a payment', () => {
  it('answers a paymentId and a signed redirect to the gateway; the payment waits and holds its fines', async () => {
    const payer = await payerWithFines(api, 2);
    const reply = await startPayment(api, payer, payer.fineIds.slice(0, 2));
    expect(reply.status).toBe(200);
    const { paymentId, redirectUrl } = reply.body.response;
    expect(paymentId).toMatch(/^[0-9a-f]{32}$/);
    const url = new URL(redirectUrl);
    expect(url.pathname).toBe('/105/sandbox-gateway/moneta/assistant');
    expect(url.searchParams.get('MNT_TRANSACTION_ID')).toBe(paymentId);
    expect(url.searchParams.get('MNT_SIGNATURE')).toMatch(/^[0-9a-f]{32}$/);
    expect(url.searchParams.get('MNT_SUCCESS_URL')).toBe(`http://localhost:4321/prepayment/wait/?paymentId=${paymentId}`);
    const state = await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session });
    expect(state.body.response).toMatchObject({ paymentId, status: 'wait', receiptHash: null });
    expect(state.body.response.total).toBe(state.body.response.amount + state.body.response.commission);
    expect(Number(url.searchParams.get('MNT_AMOUNT')) * 100).toBeCloseTo(state.body.response.total, 5);
    // Issue 24: the payer's own second start of the same fine replaces this one (restart.test.ts has the rest).
    const again = await startPayment(api, payer, [payer.fineIds[0] ?? 0]);
    expect(again.status).toBe(200);
    expect((await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response.status).toBe('cancelled');
  });

  it('refuses to charge anything but the total the page showed', async () => {
    const payer = await payerWithFines(api, 1);
    const reply = await startPayment(api, payer, payer.fineIds.slice(0, 1), { total: 1 });
    expect(reply.status).toBe(409);
    expect(reply.body.error?.errorDesc).toMatch(/^Сумма к оплате изменилась: теперь/);
    expect(await api.deps.db.selectFrom('payments').selectAll().where('user_id', '=', payer.session.userId).execute()).toEqual([]);
  });

  it.each([
    [{ paymentSystem: 'qiwi' }, 400, 'Платежная система не поддерживается'],
    [{ paymentSystem: 'a3' }, 400, 'Платежная система не поддерживается'],
    [{ email: 'not-an-email' }, 422, 'Некорректный e-mail'],
    [{ fio: 'John Smith' }, 422, 'Поле «ФИО плательщика» заполнено неверно'],
    [{ fio: '' }, 422, 'Поле «ФИО плательщика» обязательно для заполнения'],
  ])('refuses %j with %i and writes nothing', async (extra, status, message) => {
    const payer = await payerWithFines(api, 1);
    const reply = await startPayment(api, payer, payer.fineIds.slice(0, 1), extra);
    expect(reply.status).toBe(status);
    if (typeof message === 'string') expect(reply.body.error?.errorDesc).toBe(message);
    else expect(reply.body.error?.errorDesc).toMatch(message);
    expect(await api.deps.db.selectFrom('payments').selectAll().where('user_id', '=', payer.session.userId).execute()).toEqual([]);
  });

  it('pays one fine with POST /payment too, and never another user\'s', async () => {
    const payer = await payerWithFines(api, 1);
    const one = await api.request('POST', '/105/api/payment', { session: payer.session, form: { fineId: String(payer.fineIds[0]), type: 'fine', ...PAYER } });
    expect(one.status).toBe(200);
    const stranger = await api.register();
    expect((await api.request('GET', `/105/api/payment/${one.body.response.paymentId}`, { session: stranger })).status).toBe(404);
    expect((await api.request('POST', '/105/api/payment/cancel', { session: stranger, form: { paymentId: one.body.response.paymentId } })).status).toBe(404);
    const other = await payerWithFines(api, 1);
    expect((await startPayment(api, { session: stranger, fineIds: [] }, other.fineIds.slice(0, 1))).status).toBe(404);
  });
});

describe('cancelling', () => {
  it('cancels a waiting payment and frees its fines; a finished one answers 409', async () => {
    const payer = await payerWithFines(api, 1);
    const { paymentId, redirectUrl } = (await startPayment(api, payer, payer.fineIds.slice(0, 1))).body.response;
    const cancelled = await api.request('POST', '/105/api/payment/cancel', { session: payer.session, form: { paymentId, type: 'fines' } });
    expect(cancelled.body).toEqual({ status: 'ok', response: { status: 'cancelled' } });
    expect((await startPayment(api, payer, payer.fineIds.slice(0, 1))).status).toBe(200);
    const total = Math.round(Number(new URL(redirectUrl).searchParams.get('MNT_AMOUNT')) * 100);
    const second = (await api.deps.db.selectFrom('payments').select(['id', 'total_kopecks']).where('user_id', '=', payer.session.userId).where('status', '=', 'wait').executeTakeFirstOrThrow());
    await notify(api, paidNotification(api, second.id, Number(second.total_kopecks)));
    const late = await api.request('POST', '/105/api/payment/cancel', { session: payer.session, form: { paymentId: second.id } });
    expect(late.status).toBe(409);
    expect(total).toBeGreaterThan(0);
  });
});
