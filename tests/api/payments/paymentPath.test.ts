import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advancePaths } from '../../../server/payments/paymentPath.ts';
import { sbpPathJobs } from '../../../server/payments/sbpPathJobs.ts';
import type { ChargeRegister } from '../../../server/providers/gisgmp/chargeRegister.ts';
import { sandboxChargeRegister } from '../../../server/providers/gisgmp/sandboxRegister.ts';
import { createTestApi, TEST_NOW } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { notify, paidNotification, payerWithFines, startPayment } from './helpers.ts';
import type { Payer } from './helpers.ts';

let api: TestApi;
/** The sandbox source; a test may make it slow. */
let register: ChargeRegister;
beforeAll(async () => {
  api = await createTestApi({ charges: { sandbox: true, chargeState: (uin, now) => register.chargeState(uin, now), reportPayment: (report, now) => register.reportPayment(report, now) } });
  register = sandboxChargeRegister(api.deps.db);
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** A payer whose first fine was paid through us just now (by card); its id. */
async function paidFine(): Promise<{ payer: Payer; fineId: number; paymentId: string }> {
  const payer = await payerWithFines(api, 1);
  const fineId = payer.fineIds[0] ?? 0;
  const paymentId = (await startPayment(api, payer, [fineId])).body.response.paymentId as string;
  const total = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: payer.session })).body.response.total as number;
  expect((await notify(api, paidNotification(api, paymentId, total))).status).toBe(200);
  return { payer, fineId, paymentId };
}

const pathOf = (payer: Payer, fineId: number) => api.request('GET', `/105/api/fine/${fineId}/path`, { session: payer.session });

describe("a paid fine's path to ГИС ГМП", () => {
  it('goes «Оплачено» → «Передано в ГИС ГМП» (when, with its number) → «Учтено в ГИС ГМП» once the source shows it paid', async () => {
    const { payer, fineId } = await paidFine();
    const paidAt = api.now().toISOString();
    const first = await pathOf(payer, fineId);
    expect(first.status).toBe(200);
    expect(first.body.response.steps).toEqual([
      { step: 'paid', title: 'Оплачено', at: paidAt, detail: expect.stringContaining('банк подтвердил платёж') },
      { step: 'sent', title: 'Передано в ГИС ГМП', at: paidAt, detail: expect.stringMatching(/^Номер платежа \(УИП\) 10A1B2C320260316\d{16}$/) },
      { step: 'accounted', title: 'Учтено в ГИС ГМП', at: null, detail: null },
    ]);
    expect(first.body.response.overdue).toBeNull();
    // The sandbox source shows our payment after its delay (3 minutes by default); not a moment before.
    api.advance(179_000);
    expect((await pathOf(payer, fineId)).body.response.steps[2].at).toBeNull();
    api.advance(16_000);
    const later = await pathOf(payer, fineId);
    expect(later.body.response.steps[2]).toMatchObject({ step: 'accounted', at: api.now().toISOString() });
    // The number does not change, nothing is reported twice.
    expect(later.body.response.steps[1]).toEqual(first.body.response.steps[1]);
    expect(await api.deps.db.selectFrom('sandbox_gisgmp_payments').select('uin').where('uin', '=', later.body.response.uin).execute()).toHaveLength(1);
  });

  it('the job moves paths the same way, and two passes at once report each payment once', async () => {
    const { fineId } = await paidFine();
    const passes = await Promise.all([advancePaths(api.deps), advancePaths(api.deps)]);
    expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(1);
    const row = await api.deps.db.selectFrom('payment_paths').selectAll().where('fine_id', '=', fineId).executeTakeFirstOrThrow();
    expect(row.gis_number).toMatch(/^10A1B2C3/);
    const job = sbpPathJobs(api.deps).find((definition) => definition.name === 'payments.path');
    api.advance(11 * 60_000);
    await job?.run({}, { attempt: 1 } as never);
    expect((await api.deps.db.selectFrom('payment_paths').select('accounted_at').where('fine_id', '=', fineId).executeTakeFirstOrThrow()).accounted_at).not.toBeNull();
  });

  it('after 5 working days without the source showing it, tells the payer what to do and opens one support ticket', async () => {
    const saved = register;
    register = sandboxChargeRegister(api.deps.db, { delayMs: 365 * 86_400_000 });
    try {
      const start = api.now().getTime();
      const { payer, fineId, paymentId } = await paidFine();
      const paidAt = new Date(start);
      expect((await pathOf(payer, fineId)).body.response.steps[1].at).toBe(paidAt.toISOString());
      // Paid on Monday 16.03.2026 (Moscow): five working days end on Monday 23.03; overdue from Tuesday 00:00 Moscow.
      expect(paidAt.toISOString().slice(0, 10)).toBe(TEST_NOW.toISOString().slice(0, 10));
      const tuesdayMoscow = new Date('2026-03-23T21:00:00Z').getTime();
      api.advance(tuesdayMoscow - 60_000 - api.now().getTime());
      expect((await advancePaths(api.deps)).overdue).toBe(0);
      expect((await pathOf(payer, fineId)).body.response.overdue).toBeNull();
      api.advance(60_000);
      expect((await advancePaths(api.deps)).overdue).toBe(1);
      expect((await advancePaths(api.deps)).overdue).toBe(0);
      const tickets = await api.deps.db.selectFrom('support_tickets').selectAll().where('content', 'like', `%${paymentId}%`).execute();
      expect(tickets).toHaveLength(1);
      expect(tickets[0]).toMatchObject({ user_id: payer.session.userId, email: 'payer@example.ru', app_version: 'payment-path' });
      const view = (await pathOf(payer, fineId)).body.response;
      expect(view.overdue).toMatchObject({ ticketId: tickets[0]?.id, receiptHash: expect.any(String), advice: expect.stringContaining('Сохраните квитанцию') });
      expect(view.steps[2].at).toBeNull();
      await api.mailIdle();
      const mail = await api.deps.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', 'payer@example.ru').where('subject', 'like', 'Оплата штрафа % ещё не учтена').execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text_body).toContain(`обращение №${tickets[0]?.id}`);
      // Should the source show it later after all, the path completes and the warning goes.
      register = saved;
      api.advance(60_000);
      expect((await pathOf(payer, fineId)).body.response).toMatchObject({ overdue: null, steps: [{}, {}, { at: expect.any(String) }] });
    } finally {
      register = saved;
    }
  });

  it("answers 404 for another user's fine, and no path (null) for the user's own fine not paid through us", async () => {
    const { fineId } = await paidFine();
    const stranger = await api.register();
    expect((await api.request('GET', `/105/api/fine/${fineId}/path`, { session: stranger })).status).toBe(404);
    expect((await api.request('GET', `/105/api/fine/${fineId}/path`)).status).toBe(401);
    const unpaid = await payerWithFines(api, 1);
    const reply = await pathOf(unpaid, unpaid.fineIds[0] ?? 0);
    expect(reply.status).toBe(200);
    expect(reply.body.response).toBeNull();
    expect((await api.request('GET', '/105/api/fine/abc/path', { session: stranger })).status).toBe(404);
  });
});
