import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireStalePayments, paymentJobs } from '../../../server/payments/jobs.ts';
import { createTestApi } from '../helpers/testApi.ts';
import type { Session, TestApi } from '../helpers/testApi.ts';
import { PAYER, notify, paidNotification, payerWithFines, startPayment } from './helpers.ts';
import type { Payer } from './helpers.ts';

// Issue 24, item 1: a payer is never locked out of their own fine. Going Back from the gateway leaves a
// payment waiting; the same payer can continue it or start again (which cancels it, atomically), and a
// payment the gateway never answers stops holding its fines after PAYMENT_HOLD_MINUTES (20 by default).

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const HOLD_MS = 20 * 60_000;
const state = async (session: Session, id: string) => (await api.request('GET', `/105/api/payment/${id}`, { session })).body.response;
const quote = async (session: Session, fineIds: readonly number[]) => (await api.request('GET', `/105/api/payment/info?fineIds=${fineIds.join(',')}&type=fines`, { session })).body.response;
const heldRows = (fineId: number) => api.deps.db.selectFrom('payment_items').select('payment_id').where('fine_id', '=', fineId).where('holds', '=', true).execute();
const eventsOf = async (id: string) => (await api.deps.db.selectFrom('payment_events').select(['kind', 'outcome']).where('payment_id', '=', id).orderBy('id').execute()).map((e) => `${e.kind}:${e.outcome}`);

/** Starts a payment and answers its id and the gateway page the payer was sent to. */
async function started(payer: Payer, fineIds: readonly number[], extra: Record<string, unknown> = {}): Promise<{ id: string; url: string }> {
  const reply = await startPayment(api, payer, fineIds, extra);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.response.paymentId, url: reply.body.response.redirectUrl };
}

/** A second user who looked up the same car, so the same fines are theirs to pay too. */
async function sameCarFor(payer: Payer): Promise<Session> {
  const [car] = (await api.request('GET', '/105/api/sts', { session: payer.session })).body.response.sts as { sts: string; vehiclePlateNumber: string; vehiclePlateRegion: string }[];
  const other = await api.register();
  expect((await api.request('POST', '/105/api/sts', { session: other, form: { sts: car?.sts ?? '', vehiclePlateNumber: car?.vehiclePlateNumber ?? '', vehiclePlateRegion: car?.vehiclePlateRegion ?? '' } })).status).toBe(200);
  const stsId = (await api.request('GET', '/105/api/sts', { session: other })).body.response.sts[0].id;
  await api.request('GET', `/105/api/fineList/by/sts/${stsId}`, { session: other });
  return other;
}

describe('continue or start again', () => {
  it('offers the unfinished payment with its gateway page and the time left, on the quote, the list call and its state', async () => {
    const payer = await payerWithFines(api, 2);
    const fineIds = payer.fineIds.slice(0, 2);
    const first = await started(payer, fineIds);
    api.advance(6 * 60_000);

    const offered = await quote(payer.session, [fineIds[1] ?? 0]);
    expect(offered.unfinished).toMatchObject({ paymentId: first.id, fineIds, continueUrl: first.url, holdSecondsLeft: 14 * 60 });
    expect(offered.unfinished.total).toBe((await state(payer.session, first.id)).total);

    const listed = (await api.request('GET', '/105/api/payment/unfinished', { session: payer.session })).body.response;
    expect(listed.commissionRule).toEqual(api.deps.payments.commission);
    expect(listed.holdMinutes).toBe(20);
    expect(listed.payments).toEqual([offered.unfinished]);

    expect(await state(payer.session, first.id)).toMatchObject({ status: 'wait', continueUrl: first.url, holdSecondsLeft: 14 * 60 });
    // Nobody else sees it: another user's list is empty and their quote of their own fine offers nothing.
    const stranger = await payerWithFines(api, 1);
    expect((await api.request('GET', '/105/api/payment/unfinished', { session: stranger.session })).body.response.payments).toEqual([]);
    expect((await quote(stranger.session, stranger.fineIds.slice(0, 1))).unfinished).toBeNull();
  });

  it('starting the same fines again cancels the payer\'s own unfinished payment in the same step, and frees what only it held', async () => {
    const payer = await payerWithFines(api, 2);
    const [a = 0, b = 0] = payer.fineIds;
    const first = await started(payer, [a, b]);
    const second = await started(payer, [a]);
    expect(await state(payer.session, first.id)).toMatchObject({ status: 'cancelled', errorDesc: 'Платёж отменён: вы начали оплату этих штрафов заново', continueUrl: null });
    expect(await eventsOf(first.id)).toContain('replace:cancelled');
    expect((await heldRows(a)).map((row) => row.payment_id)).toEqual([second.id]);
    expect(await heldRows(b)).toEqual([]);
    expect((await quote(payer.session, [a])).unfinished.paymentId).toBe(second.id);
    expect((await quote(payer.session, [b])).unfinished).toBeNull();

    // The bank's late word about the cancelled payment is acknowledged and marked for a refund; only the new one pays.
    const total = Number((await api.deps.db.selectFrom('payments').select('total_kopecks').where('id', '=', first.id).executeTakeFirstOrThrow()).total_kopecks);
    expect((await notify(api, paidNotification(api, first.id, total, '700000001'))).text).toContain('<MNT_RESULT_CODE>200</MNT_RESULT_CODE>');
    expect(await eventsOf(first.id)).toContain('moneta.notification:refund_required');
    const secondTotal = (await state(payer.session, second.id)).total;
    await notify(api, paidNotification(api, second.id, secondTotal, '700000002'));
    expect((await state(payer.session, second.id)).status).toBe('success');
    expect(await api.deps.db.selectFrom('orders').select('fine_id').where('fine_id', 'in', [a, b]).execute()).toEqual([{ fine_id: a }]);
    expect((await api.request('GET', '/105/api/payment/unfinished', { session: payer.session })).body.response.payments).toEqual([]);
  });

  it('never lets two starts of the same fine both run, even at the same moment', async () => {
    const payer = await payerWithFines(api, 1);
    const fineId = payer.fineIds[0] ?? 0;
    await started(payer, [fineId]);
    const replies = await Promise.all([startPayment(api, payer, [fineId]), startPayment(api, payer, [fineId]), startPayment(api, payer, [fineId])]);
    expect(replies.some((reply) => reply.status === 200)).toBe(true);
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    expect(await heldRows(fineId)).toHaveLength(1);
    const waiting = await api.deps.db.selectFrom('payments').select('id').where('user_id', '=', payer.session.userId).where('status', '=', 'wait').execute();
    expect(waiting).toHaveLength(1);
  });

  it('refuses another user\'s start while the hold lasts, in Russian with the time left, and lets them pay once it is over', async () => {
    const payer = await payerWithFines(api, 1);
    const fineId = payer.fineIds[0] ?? 0;
    const other = await sameCarFor(payer);
    const first = await started(payer, [fineId]);
    api.advance(5 * 60_000);
    const refused = await startPayment(api, { session: other, fineIds: [fineId] }, [fineId]);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.errorDesc).toBe('Этот штраф уже оплачивается в другом платеже: дождитесь его результата. Если банк не подтвердит оплату, штраф освободится не позже чем через 15 мин');
    // Theirs is not offered to the other user, and the payer's payment is untouched.
    expect((await quote(other, [fineId])).unfinished).toBeNull();
    expect((await state(payer.session, first.id)).status).toBe('wait');

    api.advance(15 * 60_000);
    await started({ session: other, fineIds: [fineId] }, [fineId]);
    expect(await state(payer.session, first.id)).toMatchObject({ status: 'error', errorDesc: expect.stringMatching(/^Платёжная система не подтвердила оплату за 20 мин/) });
  });
});

describe('the hold ends after PAYMENT_HOLD_MINUTES without the gateway\'s answer', () => {
  it('still holds at 19:59 (the expiry job leaves it); at 20:00 looking at it closes it and frees the fine', async () => {
    const payer = await payerWithFines(api, 1);
    const fineIds = payer.fineIds.slice(0, 1);
    const { id } = await started(payer, fineIds);
    api.advance(HOLD_MS - 1_000);
    await expireStalePayments(api.deps);
    expect(await state(payer.session, id)).toMatchObject({ status: 'wait', holdSecondsLeft: 1 });
    api.advance(1_000);
    // Looking at it closes it (the wait page learns at once), with the reason the error page shows.
    expect(await state(payer.session, id)).toMatchObject({ status: 'error', holdSecondsLeft: null, continueUrl: null, errorDesc: 'Платёжная система не подтвердила оплату за 20 мин: платёж закрыт, деньги не списаны или будут возвращены' });
    expect(await heldRows(fineIds[0] ?? 0)).toEqual([]);
    expect(await eventsOf(id)).toEqual(['expire:error']);
  });

  it('the expiry job closes what nobody looks at, every minute', async () => {
    const payer = await payerWithFines(api, 1);
    const { id } = await started(payer, payer.fineIds.slice(0, 1));
    const job = paymentJobs(api.deps).find((candidate) => candidate.name === 'payments.expire');
    expect(job?.everyMs).toBe(60_000);
    api.advance(HOLD_MS + 30_000);
    await job?.run({}, 1);
    const row = await api.deps.db.selectFrom('payments').select(['status', 'error_desc']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('error');
    expect((await quote(payer.session, payer.fineIds.slice(0, 1))).unfinished).toBeNull();
    // A notification arriving after that is still acknowledged, and recorded as needing a refund.
    const total = Number((await api.deps.db.selectFrom('payments').select('total_kopecks').where('id', '=', id).executeTakeFirstOrThrow()).total_kopecks);
    expect((await notify(api, paidNotification(api, id, total, '700000003'))).status).toBe(200);
    expect(await eventsOf(id)).toEqual(['expire:error', 'moneta.notification:refund_required']);
  });

  it('follows the setting: a 5-minute hold ends after 5 minutes', async () => {
    const payer = await payerWithFines(api, 1);
    const previous = api.deps.payments.holdMs;
    api.deps.payments.holdMs = 5 * 60_000;
    try {
      const { id } = await started(payer, payer.fineIds.slice(0, 1));
      expect((await quote(payer.session, payer.fineIds.slice(0, 1))).unfinished.holdSecondsLeft).toBe(300);
      api.advance(5 * 60_000);
      expect(await state(payer.session, id)).toMatchObject({ status: 'error', errorDesc: expect.stringMatching(/за 5 мин/) });
    } finally {
      if (previous === undefined) delete api.deps.payments.holdMs;
      else api.deps.payments.holdMs = previous;
    }
  });
});

describe('the service picks the gateway', () => {
  it('sends the site\'s payments (no paymentSystem) to moneta, and an app\'s named A3 to A3', async () => {
    const payer = await payerWithFines(api, 2);
    const [a = 0, b = 0] = payer.fineIds;
    const { paymentSystem: _named, ...unnamed } = PAYER;
    const site = await api.request('POST', '/105/api/multipayment', { session: payer.session, json: { fineIds: [a], ...unnamed } });
    expect(new URL(site.body.response.redirectUrl).pathname).toBe('/105/sandbox-gateway/moneta/assistant');
    const app = await started(payer, [b], { paymentSystem: 'A3' });
    expect(new URL(app.url).pathname).toMatch(/^\/105\/sandbox-gateway\/a3\/pay\//);
    const bad = await startPayment(api, payer, [b], { paymentSystem: 'qiwi' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.errorDesc).toBe('Платежная система не поддерживается');
  });

  it('falls back to the other gateway when the first cannot take the payment', async () => {
    const payer = await payerWithFines(api, 1);
    const a3 = api.deps.payments.a3;
    if (a3 === undefined) throw new Error('the test API offers A3');
    const realFetch = a3.fetch;
    api.deps.payments.primary = 'A3';
    a3.fetch = () => Promise.reject(new Error('connect ECONNREFUSED'));
    try {
      const { paymentSystem: _named, ...unnamed } = PAYER;
      const reply = await api.request('POST', '/105/api/multipayment', { session: payer.session, json: { fineIds: payer.fineIds.slice(0, 1), ...unnamed } });
      expect(reply.status).toBe(200);
      expect(new URL(reply.body.response.redirectUrl).pathname).toBe('/105/sandbox-gateway/moneta/assistant');
      const row = await api.deps.db.selectFrom('payments').select(['payment_system', 'redirect_url']).where('id', '=', reply.body.response.paymentId).executeTakeFirstOrThrow();
      expect(row).toEqual({ payment_system: 'moneta', redirect_url: reply.body.response.redirectUrl });
      expect(await eventsOf(reply.body.response.paymentId)).toEqual(['a3.order:failed']);
    } finally {
      a3.fetch = realFetch;
      delete api.deps.payments.primary;
    }
  });
});

describe('the payer the checkout starts with', () => {
  it('is nobody for a first payment, then the name and e-mail of the last one', async () => {
    const payer = await payerWithFines(api, 2);
    expect((await quote(payer.session, payer.fineIds.slice(0, 1))).payer).toBeNull();
    await started(payer, payer.fineIds.slice(0, 1), { fio: 'сидорова анна павловна', email: 'anna@example.ru' });
    expect((await quote(payer.session, payer.fineIds.slice(1, 2))).payer).toEqual({ fio: 'Сидорова Анна Павловна', email: 'anna@example.ru' });
  });
});
