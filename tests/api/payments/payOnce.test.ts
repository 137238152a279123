import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeRegister } from '../../../server/providers/gisgmp/chargeRegister.ts';
import { sandboxChargeRegister } from '../../../server/providers/gisgmp/sandboxRegister.ts';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { notify, paidNotification, payerWithFines, startPayment } from './helpers.ts';
import type { Payer } from './helpers.ts';
import { startSbp } from './sbpHelpers.ts';

let api: TestApi;
/** How many times the source was asked about a charge. */
let asked = 0;
/** The register the app asks (the sandbox over the test database; a test may swap it). */
let register: ChargeRegister;
beforeAll(async () => {
  api = await createTestApi({
    sandboxControl: true,
    charges: { sandbox: true, chargeState: (uin, now) => ((asked += 1), register.chargeState(uin, now)), reportPayment: (report, now) => register.reportPayment(report, now) },
  });
  register = sandboxChargeRegister(api.deps.db);
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const uinOf = async (payer: Payer, fineId: number) => (await api.request('GET', `/105/api/fine?fine=${fineId}`, { session: payer.session })).body.response.fine.uin as string;
const setAtSource = (uin: string, state: 'paid' | 'cancelled', since: string) => api.request('POST', '/105/api/sandbox/charges', { json: { uin, state, since } });

describe('pay once: the source is asked before a payment starts', () => {
  it('refuses a fine the source shows paid, with the day, and marks it paid here', async () => {
    const payer = await payerWithFines(api, 1);
    const fineId = payer.fineIds[0] ?? 0;
    expect((await setAtSource(await uinOf(payer, fineId), 'paid', '2026-03-10')).status).toBe(200);
    const reply = await startPayment(api, payer, [fineId]);
    expect(reply.status).toBe(409);
    expect(reply.body.error?.errorDesc).toBe('Штраф уже оплачен 10.03.2026 — повторно платить не нужно');
    const fine = (await api.request('GET', `/105/api/fine?fine=${fineId}`, { session: payer.session })).body.response.fine;
    expect(fine).toMatchObject({ paid: true, amountToPay: 0 });
    expect(fine.paidAt.slice(0, 10)).toBe('2026-03-10');
    expect(await api.deps.db.selectFrom('fine_source_states').select(['state', 'since']).where('fine_id', '=', fineId).execute()).toEqual([{ state: 'paid', since: '2026-03-10' }]);
    // Asked again, the answer comes from our data: no payment was created at all.
    expect(asked).toBeGreaterThan(0);
    const before = asked;
    expect((await startPayment(api, payer, [fineId])).body.error?.errorDesc).toBe('Штраф уже оплачен 10.03.2026 — повторно платить не нужно');
    expect(asked).toBe(before);
    expect(await api.deps.db.selectFrom('payment_items').select('id').where('fine_id', '=', fineId).execute()).toEqual([]);
  });

  it('refuses a cancelled fine without calling it paid, and names the fine when the payment has several', async () => {
    const payer = await payerWithFines(api, 2);
    const [first = 0, second = 0] = payer.fineIds;
    const uin = await uinOf(payer, second);
    await setAtSource(uin, 'cancelled', '2026-03-12');
    const reply = await startPayment(api, payer, [first, second]);
    expect(reply.status).toBe(409);
    expect(reply.body.error?.errorDesc).toBe(`Штраф ${uin} отменён 12.03.2026 — платить не нужно`);
    expect((await api.deps.db.selectFrom('fines').select('paid').where('id', '=', second).executeTakeFirstOrThrow()).paid).toBe(false);
    // СБП asks the same source.
    const single = await api.request('POST', '/105/api/payment', { session: payer.session, json: { fineId: second, email: 'a@example.ru', fio: 'Иванов Иван', method: 'sbp' } });
    expect(single.body.error?.errorDesc).toBe('Штраф отменён 12.03.2026 — платить не нужно');
    // The other fine alone is still payable.
    expect((await startPayment(api, payer, [first])).status).toBe(200);
  });

  it('refuses a second payment of a fine paid through us, whoever starts it', async () => {
    const payer = await payerWithFines(api, 1);
    const fineId = payer.fineIds[0] ?? 0;
    const started = await startPayment(api, payer, [fineId]);
    const paymentId = started.body.response.paymentId as string;
    const total = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response.total as number;
    await notify(api, paidNotification(api, paymentId, total));
    const paidOn = '16.03.2026';
    const again = await startPayment(api, payer, [fineId]);
    expect(again.status).toBe(409);
    expect(again.body.error?.errorDesc).toBe(`Штраф уже оплачен ${paidOn} — повторно платить не нужно`);
    // Someone else who found the same ruling by its УИН.
    const uin = await uinOf(payer, fineId);
    const other = await api.register();
    const found = await api.request('GET', `/105/api/fine/uinInfo?uin=${uin}`, { session: other });
    expect(found.body.response.fines[0].id).toBe(fineId);
    const theirs = await api.request('POST', '/105/api/payment', { session: other, json: { fineId, email: 'b@example.ru', fio: 'Петров Пётр' } });
    expect(theirs.status).toBe(409);
    expect(theirs.body.error?.errorDesc).toBe(`Штраф уже оплачен ${paidOn} — повторно платить не нужно`);
    const bySbp = await api.request('POST', '/105/api/payment', { session: other, json: { fineId, email: 'b@example.ru', fio: 'Петров Пётр', method: 'sbp' } });
    expect(bySbp.body.error?.errorDesc).toBe(`Штраф уже оплачен ${paidOn} — повторно платить не нужно`);
    expect(await api.deps.db.selectFrom('payment_items').select('id').where('fine_id', '=', fineId).execute()).toHaveLength(1);
  });

  it('a source that does not answer does not stop the payment (and it is recorded)', async () => {
    const payer = await payerWithFines(api, 1);
    const saved = register;
    register = { sandbox: true, chargeState: async () => Promise.reject(new Error('timeout')), reportPayment: async () => Promise.reject(new Error('timeout')) };
    try {
      const reply = await startSbp(api, payer, payer.fineIds.slice(0, 1));
      expect(reply.link.status).toBe('wait');
      const events = await api.deps.db.selectFrom('payment_events').select('outcome').where('kind', '=', 'payOnce.source').execute();
      expect(events.map((e) => e.outcome)).toContain('unknown');
    } finally {
      register = saved;
    }
  });

  it('answers a fine of someone else as missing, without asking the source', async () => {
    const owner = await payerWithFines(api, 1);
    const stranger = await api.register();
    const before = asked;
    const reply = await api.request('POST', '/105/api/payment', { session: stranger, json: { fineId: owner.fineIds[0], email: 'b@example.ru', fio: 'Петров Пётр' } });
    expect(reply.status).toBe(404);
    expect(asked).toBe(before);
  });
});
