import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** A payment of the payer's first fine, paid unless told otherwise. */
async function payment(paid = true): Promise<{ payer: Payer; id: string }> {
  const payer = await payerWithFines(api, 1);
  const { paymentId } = (await startPayment(api, payer, payer.fineIds.slice(0, 1))).body.response;
  if (paid) {
    const total = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response.total;
    await notify(api, paidNotification(api, paymentId, total));
  }
  return { payer, id: paymentId };
}
const ask = (payer: Payer, id: string, form: Record<string, string> = { email: 'me@example.ru', description: 'Карта Мир' }) => api.request('PATCH', `/105/api/order/${id}`, { session: payer.session, form });

describe('cashback requests (PATCH /order/{paymentId})', () => {
  it('the payer of a paid payment asks once; the payment shows when', async () => {
    const { payer, id } = await payment();
    const first = await ask(payer, id);
    expect(first.status).toBe(200);
    expect(first.body.response).toEqual({ requested: true, createdAt: api.now().toISOString() });
    expect((await api.request('GET', `/105/api/payment/${id}`, { session: payer.session })).body.response.cashbackRequestedAt).toBe(api.now().toISOString());
    const again = await ask(payer, id);
    expect(again.status).toBe(409);
    expect(again.body.error?.errorDesc).toBe('По этому платежу заявка на кешбэк уже подана');
  });

  it('nobody else may ask, and an unpaid payment cannot', async () => {
    const { id } = await payment();
    const stranger = { session: await api.register(), fineIds: [] };
    expect((await ask(stranger, id)).status).toBe(404);
    const unpaid = await payment(false);
    const reply = await ask(unpaid.payer, unpaid.id);
    expect(reply.status).toBe(409);
    expect(reply.body.error?.errorDesc).toBe('Кешбэк можно запросить только по оплаченному платежу');
  });

  it('refuses after 30 days and a bad e-mail, storing nothing', async () => {
    const { payer, id } = await payment();
    expect((await ask(payer, id, { email: 'not-an-email' })).status).toBe(422);
    // (The session is used in between: an unused one expires after 30 days.)
    api.advance(20 * 86_400_000);
    await api.request('GET', `/105/api/payment/${id}`, { session: payer.session });
    api.advance(10 * 86_400_000 + 60_000);
    const late = await ask(payer, id);
    expect(late.status).toBe(409);
    expect(late.body.error?.errorDesc).toMatch(/не позднее 30 дней/);
    expect(await api.deps.db.selectFrom('cashback_requests').selectAll().where('payment_id', '=', id).execute()).toEqual([]);
  });
});
