import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../helpers/testApi.ts';
import type { Session, TestApi } from '../helpers/testApi.ts';
import { FIXTURES } from '../helpers/fixtures.ts';
import { notify, paidNotification, PAYER } from './helpers.ts';
import { withUinCheckDigit } from '../../../src/lib/uin.ts';

let api: TestApi;
let user: Session;
let taxUin: string;
beforeAll(async () => {
  api = await createTestApi();
  user = await api.register();
  await api.request('POST', '/105/api/inn', { session: user, form: { inn: FIXTURES.inn } });
  const items = (await api.request('GET', '/api/ordinances/get/inn_ordinances', { session: user })).body.response.items as { kind: string; number: string }[];
  taxUin = items.find((item) => item.kind === 'tax')?.number ?? '';
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const quote = (uin: string, session = user) => api.request('GET', `/105/api/payment/info?type=taxes&uin=${uin}`, { session });
const pay = (uin: string, session = user, extra: Record<string, unknown> = {}) => api.request('POST', '/105/api/payment', { session, json: { uin, type: 'tax', ...PAYER, ...extra } });

/** A УИН the tax service (the sandbox) knows, other than the user's own. */
async function anotherTaxUin(): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const uin = withUinCheckDigit(`182${String(1_000_000_000_000_000 + i * 7_919).padStart(16, '0')}`);
    const found = (await api.request('GET', `/105/api/tax/uinInfo?uin=${uin}`)).body.response.taxes as { paid: boolean }[];
    if (found.length === 1 && found[0]?.paid === false && uin !== taxUin) return uin;
  }
  throw new Error('no sandbox tax found');
}

describe('paying a tax (type=tax)', () => {
  it('quotes the ИНН\'s tax on the server: its amount, no discount, the commission and the total', async () => {
    expect(taxUin).toMatch(/^182\d{17}$/);
    const reply = await quote(taxUin);
    expect(reply.status).toBe(200);
    const [item] = reply.body.response.items;
    expect(item).toMatchObject({ fineId: null, uin: taxUin, article: '', discountActive: false, discountEndsAt: null, title: expect.stringMatching(/налог.* за \d{4} год$/) });
    expect(item.amountToPay).toBe(item.fullAmount);
    expect(reply.body.response.total).toBe(reply.body.response.amount + reply.body.response.commission);
  });

  it('answers bad requests with the spec\'s errors', async () => {
    expect((await api.request('GET', '/105/api/payment/info?type=taxes', { session: user })).status).toBe(400);
    expect((await quote('123')).status).toBe(400);
    expect((await quote(withUinCheckDigit('1881000000000000000'))).body.error?.errorDesc).toBe('Начисление с таким УИН не найдено');
    expect((await api.request('GET', `/105/api/payee/info/${taxUin}/other`, { session: user })).body.error?.errorDesc).toBe('Invalid recipient type');
    const payee = await api.request('GET', `/105/api/payee/info/${taxUin}/taxes`, { session: user });
    expect(payee.body.response.items[0]).toMatchObject({ fineId: null, uin: taxUin, payee: { kbk: expect.stringMatching(/^182/) } });
    expect((await pay('abc')).status).toBe(422);
  });

  it('pays the tax once: held while the payment runs, paid by the notification, on the receipt, and never again', async () => {
    const started = await pay(taxUin);
    expect(started.status).toBe(200);
    const { paymentId } = started.body.response;
    // Held: another payer's payment of the same tax is refused while this one runs (the payer's own
    // second start would replace it: issue 24, restart.test.ts).
    expect((await pay(taxUin, await api.register())).body.error?.errorDesc).toMatch(/^Этот налог уже оплачивается/);
    const state = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: user })).body.response;
    expect(state).toMatchObject({ status: 'wait', recipient: 'taxes', items: [{ fineId: null, uin: taxUin }] });
    expect((await notify(api, paidNotification(api, paymentId, state.total))).status).toBe(200);
    const paid = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: user })).body.response;
    expect(paid.status).toBe('success');
    const receipt = (await api.request('GET', `/105/api/payment/receipt/${paid.receiptHash}`)).body.response;
    expect(receipt.items[0]).toMatchObject({ uin: taxUin, title: expect.stringMatching(/ за \d{4} год$/), payee: { kbk: expect.stringMatching(/^182/) } });
    // The profile's list shows it paid; it cannot be paid again; no fine order was made.
    const items = (await api.request('GET', '/api/ordinances/get/inn_ordinances', { session: user })).body.response.items as { kind: string; number: string; paid: boolean }[];
    expect(items.find((item) => item.number === taxUin)?.paid).toBe(true);
    expect((await quote(taxUin)).status).toBe(409);
    expect(await api.deps.db.selectFrom('orders').selectAll().execute()).toEqual([]);
  });

  it('pays a tax found by its УИН alone, for any signed-in payer', async () => {
    const uin = await anotherTaxUin();
    const someone = await api.register();
    const started = await pay(uin, someone);
    expect(started.status).toBe(200);
    const state = (await api.request('GET', `/105/api/payment/${started.body.response.paymentId}`, { session: someone })).body.response;
    // Another user cannot see that payment.
    expect((await api.request('GET', `/105/api/payment/${started.body.response.paymentId}`, { session: user })).status).toBe(404);
    expect((await notify(api, paidNotification(api, started.body.response.paymentId, state.total))).status).toBe(200);
    const tax = (await api.request('GET', `/105/api/tax/uinInfo?uin=${uin}`)).body.response.taxes[0];
    expect(tax).toBeDefined();
    expect((await quote(uin, someone)).body.error?.errorDesc).toBe(`Налог ${uin} уже оплачен`);
  });
});
