import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSignature, signedNotification } from '../../server/payments/gateways/moneta/protocol.ts';
import type { MonetaNotification } from '../../server/payments/gateways/moneta/protocol.ts';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { Session, TestApi } from '../api/helpers/testApi.ts';
import { notify, paidNotification, payerWithFines, startPayment } from '../api/payments/helpers.ts';
import type { Payer } from '../api/payments/helpers.ts';

// Issue 23, items 1–2: only a notification moneta really sent may settle a payment, and only once.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** Everything a notification could change, to compare before and after (the event log aside). */
async function moneyState() {
  const { db } = api.deps;
  return {
    payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
    items: await db.selectFrom('payment_items').selectAll().orderBy('id').execute(),
    fines: await db.selectFrom('fines').select(['id', 'paid']).orderBy('id').execute(),
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    taxes: await db.selectFrom('taxes').select(['id', 'paid_at']).orderBy('id').execute(),
  };
}

/** A waiting payment of the payer's first fine, with the address the payer was sent to. */
async function waitingPayment(payer?: Payer): Promise<{ payer: Payer; id: string; total: number; redirect: URL }> {
  const who = payer ?? (await payerWithFines(api, 1));
  const reply = await startPayment(api, who, who.fineIds.slice(0, 1));
  expect(reply.status).toBe(200);
  const { paymentId, redirectUrl } = reply.body.response as { paymentId: string; redirectUrl: string };
  const total = (await api.request('GET', `/105/api/payment/${paymentId}`, { session: who.session })).body.response.total as number;
  return { payer: who, id: paymentId, total, redirect: new URL(redirectUrl) };
}

/** The forgery the review found: the payer's own redirect fields posted back with an empty operation id. */
function forgedFromRedirect(redirect: URL): Record<string, string> {
  const field = (name: string) => redirect.searchParams.get(name) ?? '';
  return {
    MNT_ID: field('MNT_ID'),
    MNT_TRANSACTION_ID: field('MNT_TRANSACTION_ID'),
    MNT_OPERATION_ID: '',
    MNT_AMOUNT: field('MNT_AMOUNT'),
    MNT_CURRENCY_CODE: field('MNT_CURRENCY_CODE'),
    MNT_SUBSCRIBER_ID: '',
    MNT_TEST_MODE: field('MNT_TEST_MODE'),
    MNT_SIGNATURE: field('MNT_SIGNATURE'),
  };
}

const notifyByGet = async (fields: Record<string, string>) => {
  const reply = await api.app.request(`/105/api/payment/moneta/notify?${new URLSearchParams(fields).toString()}`);
  return { status: reply.status, text: await reply.text() };
};

describe('a forged moneta notification', () => {
  it.each([
    ['POST', notify],
    ['GET', (_api: TestApi, fields: Record<string, string>) => notifyByGet(fields)],
  ] as const)('made of the request signature (%s) is refused and changes nothing', async (_method, send) => {
    const { payer, id, redirect } = await waitingPayment();
    const before = await moneyState();
    const reply = await send(api, forgedFromRedirect(redirect));
    expect(reply.text).toBe('FAIL');
    expect(await moneyState()).toEqual(before);
    expect((await api.request('GET', `/105/api/payment/${id}`, { session: payer.session })).body.response.status).toBe('wait');
  });

  it("cannot mark a stranger's fine paid through its УИН", async () => {
    const owner = await payerWithFines(api, 1);
    const [ownerFineId] = owner.fineIds;
    const fine = (await api.request('GET', `/105/api/fine?fine=${ownerFineId}`, { session: owner.session })).body.response.fine as { uin: string };
    // The attacker finds the fine by its number alone and starts paying it.
    const attacker: Session = await api.register();
    const found = await api.request('GET', `/105/api/fine/uinInfo?uin=${fine.uin}`, { session: attacker });
    const fineId = (found.body.response.fines as { id: number }[])[0]?.id;
    expect(fineId).toBe(ownerFineId);
    const { id, redirect } = await waitingPayment({ session: attacker, fineIds: [fineId as number] });
    expect((await notify(api, forgedFromRedirect(redirect))).text).toBe('FAIL');
    // With an operation id of their own invention the signature no longer matches either.
    expect((await notify(api, { ...forgedFromRedirect(redirect), MNT_OPERATION_ID: '1' })).text).toBe('FAIL');
    const seen = (await api.request('GET', `/105/api/fine?fine=${ownerFineId}`, { session: owner.session })).body.response.fine;
    expect(seen.paid).toBe(false);
    expect((await api.request('GET', `/105/api/payment/${id}`, { session: attacker })).body.response.status).toBe('wait');
  });

  // Each of these is signed with our integrity code, so only the field checks stand between it and a
  // settlement: a notification must name our account, roubles, no subscriber, our test mode and a
  // numeric operation id.
  it.each([
    ['an empty operation id', { MNT_OPERATION_ID: '' }],
    ['a non-numeric operation id', { MNT_OPERATION_ID: 'abc' }],
    ['an operation id with a sign', { MNT_OPERATION_ID: '-1' }],
    ['another account', { MNT_ID: '99999999' }],
    ['another currency', { MNT_CURRENCY_CODE: 'USD' }],
    ['a subscriber id we never sent', { MNT_SUBSCRIBER_ID: '42' }],
    ['the other test mode', { MNT_TEST_MODE: '0' }],
  ] as const)('signed with our code but with %s is refused', async (_name, change) => {
    const { id, total } = await waitingPayment();
    const account = api.deps.payments.moneta.account;
    const genuine = signedNotification(account, id, '123456789', total);
    const { MNT_SIGNATURE: _signature, ...fields } = { ...genuine, ...change } as MonetaNotification;
    const resigned = { ...fields, MNT_SIGNATURE: notificationSignature(fields, account.integrityCode) };
    const before = await moneyState();
    expect((await notify(api, resigned as Record<string, string>)).text).toBe('FAIL');
    expect(await moneyState()).toEqual(before);
  });

  it("signed for another payment's amount is refused", async () => {
    const small = await waitingPayment();
    const other = await waitingPayment();
    expect(other.total).not.toBe(small.total + 1);
    const before = await moneyState();
    expect((await notify(api, paidNotification(api, small.id, small.total + 1))).text).toBe('FAIL');
    expect((await notify(api, paidNotification(api, small.id, other.total === small.total ? small.total * 2 : other.total))).text).toBe('FAIL');
    expect(await moneyState()).toEqual(before);
  });
});

describe('a genuine notification', () => {
  const ordersOf = (paymentId: string) =>
    api.deps.db.selectFrom('orders').innerJoin('payment_items', 'payment_items.fine_id', 'orders.fine_id').select('orders.id').where('payment_items.payment_id', '=', paymentId).execute();

  it('replayed after it settled changes nothing more', async () => {
    const { id, total } = await waitingPayment();
    const fields = paidNotification(api, id, total);
    expect((await notify(api, fields)).status).toBe(200);
    const settled = await moneyState();
    api.advance(24 * 3_600_000);
    await notify(api, fields);
    await notifyByGet(fields);
    expect(await moneyState()).toEqual(settled);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('arriving ten times at once settles exactly once', async () => {
    const { payer, id, total } = await waitingPayment();
    const fields = paidNotification(api, id, total);
    const replies = await Promise.all(Array.from({ length: 10 }, () => notify(api, fields)));
    expect(replies.every((reply) => reply.status === 200 && reply.text !== 'FAIL')).toBe(true);
    expect(await ordersOf(id)).toHaveLength(1);
    const paid = await api.deps.db.selectFrom('payment_events').select('outcome').where('payment_id', '=', id).where('outcome', '=', 'paid').execute();
    expect(paid).toHaveLength(1);
    const state = (await api.request('GET', `/105/api/payment/${id}`, { session: payer.session })).body.response;
    expect(state.status).toBe('success');
    await api.mailIdle();
    const receipts = await api.deps.db.selectFrom('mail_outbox').select('id').where('text_body', 'like', `%${state.receiptHash}%`).execute();
    expect(receipts).toHaveLength(1);
  });
});
