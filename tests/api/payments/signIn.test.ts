import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, setPassword, signUp } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import type { Session } from '../helpers/testApi.ts';
import { notify, paidNotification, payerWithFines, startPayment } from './helpers.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const login = (email: string, password: string, device: Session) =>
  api.request('POST', '/105/api/login', { form: { _username: email, _password: password }, session: device });

describe('payments made before signing in', () => {
  it('become the account\'s when the device signs in: the running one is followed, the paid one keeps its cashback', async () => {
    const account = await signUp(api, 'paid-before@example.ru');
    await setPassword(api, account, 'пароль плательщика');
    const device = await payerWithFines(api, 2);
    const paid = (await startPayment(api, device, device.fineIds.slice(0, 1))).body.response.paymentId as string;
    const total = (await api.request('GET', `/105/api/payment/${paid}`, { session: device.session })).body.response.total as number;
    await notify(api, paidNotification(api, paid, total));
    expect((await api.request('PATCH', `/105/api/order/${paid}`, { session: device.session, form: { email: 'me@example.ru', description: 'Карта Мир' } })).status).toBe(200);
    const running = (await startPayment(api, device, device.fineIds.slice(1, 2))).body.response.paymentId as string;

    const signedIn = (await login('paid-before@example.ru', 'пароль плательщика', device.session)).body.response as Session;
    const state = await api.request('GET', `/105/api/payment/${running}`, { session: signedIn });
    expect(state.status).toBe(200);
    expect(state.body.response.status).toBe('wait');
    const done = await api.request('GET', `/105/api/payment/${paid}`, { session: signedIn });
    expect(done.body.response).toMatchObject({ status: 'success', cashbackRequestedAt: api.now().toISOString() });
    expect((await api.request('POST', '/105/api/payment/cancel', { session: signedIn, form: { paymentId: running, type: 'fines' } })).status).toBe(200);
    const rows = await api.deps.db.selectFrom('cashback_requests').select('user_id').where('payment_id', '=', paid).execute();
    expect(rows).toEqual([{ user_id: account.userId }]);
  });
});
