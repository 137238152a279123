import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SBP_CANCELLED_REASON } from '../../../server/payments/sbp/sbpStart.ts';
import { pollSbp } from '../../../server/payments/sbp/sbpStart.ts';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { payerWithFines } from './helpers.ts';
import type { Payer } from './helpers.ts';
import { inBank, pathOf, startSbp } from './sbpHelpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const state = async (payer: Payer, id: string) => (await api.request('GET', `/105/api/payment/${id}`, { session: payer.session })).body.response;
const outcomes = async (id: string) => (await api.deps.db.selectFrom('payment_events').select(['kind', 'outcome']).where('payment_id', '=', id).orderBy('id').execute()).map((e) => `${e.kind}:${e.outcome}`);

describe('paying by СБП through the sandbox bank', () => {
  it('quotes СБП with its own commission beside the card', async () => {
    const payer = await payerWithFines(api, 1);
    const quote = (await api.request('GET', `/105/api/payment/info?fineId=${payer.fineIds[0]}`, { session: payer.session })).body.response;
    expect(quote.sbp.commissionRule).toEqual({ percent: 1, minKopecks: 1_000 });
    expect(quote.sbp.commission).toBe(Math.max(1_000, Math.ceil(quote.amount / 100)));
    expect(quote.sbp.total).toBe(quote.amount + quote.sbp.commission);
    expect(quote.sbp.total).toBeLessThan(quote.total);
  });

  it('gives an qr.nspk.ru link, which the bank app pays: the notification settles it once and the wait page shows it paid', async () => {
    const payer = await payerWithFines(api, 1);
    const { paymentId, redirectUrl, link, quote } = await startSbp(api, payer, payer.fineIds.slice(0, 1));
    expect(redirectUrl).toBe(`http://localhost:4321/prepayment/sbp/?paymentId=${paymentId}`);
    expect(link).toMatchObject({ paymentId, status: 'wait', total: quote.sbp.total, commission: quote.sbp.commission });
    expect(link.payload).toMatch(/^https:\/\/qr\.nspk\.ru\/AD1[A-Z0-9]{29}\?type=02&bank=100000000000&sum=\d+&cur=RUB&crc=[0-9A-F]{4}$/);
    expect(link.payload).toContain(`sum=${quote.sbp.total}&`);
    expect(link.banks.map((bank: { name: string }) => bank.name)).toContain('Сбербанк');
    expect(link.secondsLeft).toBe(20 * 60);
    // The «bank app» shows the payee's amount.
    const page = await api.app.request(pathOf(link.sandboxBankUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Оплатить');
    const paid = await inBank(api, link.sandboxBankUrl, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:4321/prepayment/wait/?paymentId=${paymentId}`);
    expect(await state(payer, paymentId)).toMatchObject({ status: 'success', total: quote.sbp.total, receiptHash: expect.any(String) });
    // The same link paid again, and a second device: nothing moves twice.
    const again = await inBank(api, link.sandboxBankUrl, 'pay');
    expect(await again.text()).toContain('Этот счёт уже оплачен');
    await pollSbp(api.deps);
    expect((await outcomes(paymentId)).filter((o) => o === 'moneta.notification:paid')).toHaveLength(1);
    expect(await api.deps.db.selectFrom('orders').select('id').where('fine_id', '=', payer.fineIds[0] ?? 0).execute()).toHaveLength(1);
    await api.mailIdle();
    const mail = await api.deps.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', 'payer@example.ru').execute();
    expect(mail.map((m) => m.subject)).toContain('Квитанция об оплате штрафа');
  });

  it.each([['decline'], ['timeout']] as const)('a %s in the bank closes the payment unpaid and frees the fine', async (outcome) => {
    const payer = await payerWithFines(api, 1);
    const { paymentId, link } = await startSbp(api, payer, payer.fineIds.slice(0, 1));
    const reply = await inBank(api, link.sandboxBankUrl, outcome);
    expect(reply.headers.get('location')).toBe(`http://localhost:4321/prepayment/wait/?paymentId=${paymentId}`);
    // No notification comes for a declined or expired link: the wait page's poll asks moneta (at most every 5 s).
    expect(await state(payer, paymentId)).toMatchObject({ status: 'wait' });
    api.advance(5_000);
    expect(await state(payer, paymentId)).toMatchObject({ status: 'error', errorDesc: SBP_CANCELLED_REASON, receiptHash: null });
    expect((await outcomes(paymentId))).toContain('sbp.status:cancelled');
    expect(await api.deps.db.selectFrom('orders').select('id').where('fine_id', '=', payer.fineIds[0] ?? 0).execute()).toHaveLength(0);
    // The link is spent; the fine can be paid again.
    expect(await (await api.app.request(pathOf(link.sandboxBankUrl))).text()).toContain('Время на оплату по этой ссылке истекло или банк её отклонил');
    const retry = await startSbp(api, payer, payer.fineIds.slice(0, 1));
    expect(retry.link.status).toBe('wait');
    expect(retry.link.payload).not.toBe(link.payload);
  });

  it('a link nobody pays runs out with the hold: the page and the job close it', async () => {
    const payer = await payerWithFines(api, 1);
    const { paymentId, link } = await startSbp(api, payer, payer.fineIds.slice(0, 1));
    api.advance(20 * 60_000 + 1_000);
    expect(await pollSbp(api.deps)).toBeGreaterThanOrEqual(1);
    expect(await state(payer, paymentId)).toMatchObject({ status: 'error', errorDesc: SBP_CANCELLED_REASON });
    expect(await (await inBank(api, link.sandboxBankUrl, 'pay')).text()).toContain('Время на оплату');
  });

  it('refuses an СБП start at the card total, and shows the link only to its payer', async () => {
    const payer = await payerWithFines(api, 1);
    const quote = (await api.request('GET', `/105/api/payment/info?fineId=${payer.fineIds[0]}`, { session: payer.session })).body.response;
    const wrong = await api.request('POST', '/105/api/multipayment', { session: payer.session, json: { fineIds: payer.fineIds.slice(0, 1), email: 'a@example.ru', fio: 'Иванов Иван', method: 'sbp', total: String(quote.total) } });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error?.errorDesc).toMatch(/^Сумма к оплате изменилась/);
    const { paymentId } = await startSbp(api, payer, payer.fineIds.slice(0, 1));
    const stranger = await api.register();
    expect((await api.request('GET', `/105/api/payment/${paymentId}/sbp`, { session: stranger })).status).toBe(404);
    expect((await api.request('GET', `/105/api/payment/${paymentId}/sbp`)).status).toBe(401);
    // A card payment has no СБП link.
    const card = await api.request('POST', '/105/api/multipayment', { session: payer.session, json: { fineIds: payer.fineIds.slice(0, 1), email: 'a@example.ru', fio: 'Иванов Иван', total: String(quote.total) } });
    expect((await api.request('GET', `/105/api/payment/${card.body.response.paymentId}/sbp`, { session: payer.session })).status).toBe(404);
  });

  it('says so when СБП is not offered', async () => {
    const off = await createTestApi();
    try {
      off.deps.payments.sbp = undefined;
      const payer = await payerWithFines(off, 1);
      const quote = (await off.request('GET', `/105/api/payment/info?fineId=${payer.fineIds[0]}`, { session: payer.session })).body.response;
      expect(quote.sbp).toBeNull();
      const reply = await off.request('POST', '/105/api/multipayment', { session: payer.session, json: { fineIds: payer.fineIds.slice(0, 1), email: 'a@example.ru', fio: 'Иванов Иван', method: 'sbp' } });
      expect(reply.status).toBe(400);
      expect(reply.body.error?.errorDesc).toBe('Оплата по СБП сейчас не подключена: оплатите картой');
    } finally {
      await off.close();
    }
  });
});
