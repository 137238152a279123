import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPersonalData, personalDataSections } from '../../../server/privacy/personalData.ts';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { notify, paidNotification, payerWithFines, startPayment } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

describe('payments in the personal-data export and erasure (issue 14 part 7)', () => {
  it('exports every payment; erasing keeps a paid one without the payer\'s name and e-mail and deletes the rest', async () => {
    const payer = await payerWithFines(api, 2);
    const paid = (await startPayment(api, payer, payer.fineIds.slice(0, 1))).body.response.paymentId as string;
    const total = (await api.request('GET', `/105/api/payment/${paid}`, { session: payer.session })).body.response.total;
    await notify(api, paidNotification(api, paid, total));
    await api.request('PATCH', `/105/api/order/${paid}`, { session: payer.session, form: { email: 'me@example.ru' } });
    const waiting = (await startPayment(api, payer, payer.fineIds.slice(1, 2))).body.response.paymentId as string;

    const exported = (await exportPersonalData(api.deps.db, payer.session.userId, api.now()))['payments'] as { id: string; payer: { fio: string }; cashbackRequest: unknown }[];
    expect(exported.map((p) => p.id).sort()).toEqual([paid, waiting].sort());
    expect(exported.find((p) => p.id === paid)).toMatchObject({ payer: { fio: 'Иванов Иван Иванович' }, cashbackRequest: { email: 'me@example.ru' } });

    const section = personalDataSections().find((s) => s.name === 'payments');
    await api.deps.db.transaction().execute((tx) => section?.erase(tx, { userId: payer.session.userId, email: null, now: api.now() }) ?? Promise.resolve());
    const left = await api.deps.db.selectFrom('payments').selectAll().where('user_id', '=', payer.session.userId).execute();
    expect(left.map((p) => p.id)).toEqual([paid]);
    expect(left[0]).toMatchObject({ email: '', payer: { fio: '' }, status: 'success' });
    expect(await api.deps.db.selectFrom('cashback_requests').selectAll().where('payment_id', '=', paid).execute()).toEqual([]);
    expect(await api.deps.db.selectFrom('payment_items').selectAll().where('payment_id', '=', paid).execute()).toHaveLength(1);
  });
});
