import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAutopay } from '../../../server/payments/autopay/runCharges.ts';
import { removeQueuedTokens } from '../../../server/payments/autopay/tokenRemovals.ts';
import type { AutopaySettings } from '../../../server/payments/autopay/settings.ts';
import { orderStatus } from '../../../server/payments/gateways/a3/protocol.ts';
import type { A3Fetch } from '../../../server/payments/gateways/a3/protocol.ts';
import { createMailTestApi } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { bindCardAnywhere, driver, newFine, state, turnOn } from './helpers.ts';
import type { Driver } from './helpers.ts';

// Issue 25 §1: our A3 sandbox binds cards and charges tokens like moneta's, behind the same token
// gateway; the server binds at the primary gateway and falls back to the other as for card payments,
// and a card's charges and removal go to the gateway that bound it.

const HOUR = 3_600_000;
let api: MailTestApi;
let a3Fetch: A3Fetch;
let monetaAutopay: AutopaySettings['gateway'];

beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
  a3Fetch = api.deps.payments.a3!.fetch;
  monetaAutopay = api.deps.autopay.gateway;
});
beforeEach(() => {
  api.deps.payments.a3!.fetch = a3Fetch;
  api.deps.autopay.gateway = monetaAutopay;
  delete api.deps.payments.primary;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** A driver whose card is bound at A3 (the primary gateway for this test), with autopay on for their car. */
async function onAtA3(card?: string): Promise<Driver> {
  api.deps.payments.primary = 'A3';
  const d = await driver(api);
  const bound = await bindCardAnywhere(api, d.session, card);
  expect(bound).toEqual({ gateway: 'A3', back: expect.stringContaining('/profile/autopay/?binding=done') });
  expect((await turnOn(api, d)).status).toBe(200);
  return d;
}

const cardRow = (d: Driver) => api.deps.db.selectFrom('autopay_cards').selectAll().where('user_id', '=', d.session.userId).executeTakeFirst();
const a3Charges = async (d: Driver) => {
  const card = await cardRow(d);
  if (card?.token == null) return [];
  return api.deps.db.selectFrom('a3_sandbox_token_charges').selectAll().where('token', '=', card.token).execute();
};

describe('binding at A3', () => {
  it('keeps only the token, the mask and the expiry, read from A3 (not from its callback)', async () => {
    const d = await onAtA3();
    const card = await cardRow(d);
    expect(card).toMatchObject({ gateway: 'A3', status: 'bound', mask: '411111******1111', expiry: '11/29', token: expect.stringMatching(/^a3t-/) });
    expect((await state(api, d)).card?.mask).toBe('411111******1111');
  });

  it('a card the bank refuses is not bound', async () => {
    api.deps.payments.primary = 'A3';
    const d = await driver(api);
    const bound = await bindCardAnywhere(api, d.session, '4000 0000 0000 0002');
    expect(bound.back).toContain('binding=failed');
    expect((await cardRow(d))?.status).toBe('failed');
    expect((await state(api, d)).card).toBeNull();
  });
});

describe('falling back', () => {
  it('A3 primary but not answering: the card is bound at moneta', async () => {
    api.deps.payments.primary = 'A3';
    api.deps.payments.a3!.fetch = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const d = await driver(api);
    expect((await bindCardAnywhere(api, d.session)).gateway).toBe('moneta');
    expect((await api.deps.db.selectFrom('autopay_cards').select(['gateway', 'status']).where('user_id', '=', d.session.userId).orderBy('created_at').execute()).map((c) => `${c.gateway}:${c.status}`)).toEqual(['moneta:bound']);
    const events = await api.deps.db.selectFrom('payment_events').select(['kind', 'outcome']).where('kind', '=', 'autopay.binding.A3').execute();
    expect(events).toContainEqual({ kind: 'autopay.binding.A3', outcome: 'unreachable' });
  });

  it('moneta offers no token charges (no MerchantAPI user): the card is bound at A3', async () => {
    api.deps.autopay.gateway = undefined;
    const d = await driver(api);
    expect((await state(api, d)) as unknown).toMatchObject({ available: true });
    expect((await bindCardAnywhere(api, d.session)).gateway).toBe('A3');
  });

  it('neither gateway takes the binding: 503, nothing kept as bound', async () => {
    api.deps.autopay.gateway = undefined;
    api.deps.payments.a3!.fetch = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const d = await driver(api);
    const reply = await api.request('POST', '/105/api/autopay/card', { session: d.session });
    expect(reply.status).toBe(503);
    expect((await cardRow(d))?.status).toBe('failed');
  });
});

describe('charging an A3 token', () => {
  it('a new fine is charged at A3 once, settled once, with the receipt', async () => {
    const d = await onAtA3();
    const uin = await newFine(api, d);
    api.advance(25 * HOUR);
    // Two runs at once (two API processes): one takes the charge.
    const [first, second] = await Promise.all([runAutopay(api.deps), runAutopay(api.deps)]);
    expect(first.paid + second.paid).toBe(1);
    const charge = (await state(api, d)).charges.find((c) => c.uin === uin);
    expect(charge).toMatchObject({ status: 'paid', receiptHash: expect.stringMatching(/\S{10,}/) });
    expect(await a3Charges(d)).toHaveLength(1);
    const payment = await api.deps.db.selectFrom('payments').select(['payment_system', 'status']).where('id', '=', (await a3Charges(d))[0]!.order_id).executeTakeFirstOrThrow();
    expect(payment).toEqual({ payment_system: 'A3', status: 'success' });
    api.advance(HOUR);
    await runAutopay(api.deps);
    expect(await a3Charges(d)).toHaveLength(1);
    await api.mailIdle();
    expect(api.sink.for(d.email).filter((m) => m.subject.startsWith('Квитанция'))).toHaveLength(1);
  });

  it('A3\'s status request answers a token charge like an order (what the polling job asks when a reply is lost)', async () => {
    const d = await onAtA3();
    await newFine(api, d);
    api.advance(25 * HOUR);
    await runAutopay(api.deps);
    const [charged] = await a3Charges(d);
    const status = await api.app.request('/105/sandbox-gateway/a3/orders/status', { method: 'POST' });
    expect(status.status).toBe(400); // unsigned
    expect(await orderStatus(api.deps.payments.a3!.merchant, api.deps.payments.a3!.fetch, charged!.order_id)).toMatchObject({ status: 'paid', operationId: expect.stringMatching(/^\d+$/) });
  });

  it('declined first: tried once more after 6 hours, then paid', async () => {
    const d = await onAtA3('2200 0000 0000 0053');
    const uin = await newFine(api, d);
    api.advance(25 * HOUR);
    expect((await runAutopay(api.deps)).retry).toBe(1);
    api.advance(6 * HOUR);
    expect((await runAutopay(api.deps)).paid).toBe(1);
    expect((await state(api, d)).charges.find((c) => c.uin === uin)?.status).toBe('paid');
    expect(await a3Charges(d)).toHaveLength(2);
  });

  it('A3 not answering at charge time: nothing settled, tried again after the lease', async () => {
    const d = await onAtA3();
    const uin = await newFine(api, d);
    api.advance(25 * HOUR);
    api.deps.payments.a3!.fetch = () => Promise.reject(new Error('connect ECONNREFUSED'));
    expect((await runAutopay(api.deps)).unreachable).toBe(1);
    api.deps.payments.a3!.fetch = a3Fetch;
    api.advance(16 * 60_000);
    expect((await runAutopay(api.deps)).paid).toBe(1);
    expect((await state(api, d)).charges.find((c) => c.uin === uin)?.status).toBe('paid');
    expect(await a3Charges(d)).toHaveLength(1);
  });
});

describe('removing an A3 token', () => {
  it('deleting the card removes the token at A3 and here', async () => {
    const d = await onAtA3();
    const token = (await cardRow(d))!.token!;
    expect((await api.request('DELETE', '/105/api/autopay/card', { session: d.session })).status).toBe(200);
    await removeQueuedTokens(api.deps);
    expect(await cardRow(d)).toBeUndefined();
    expect((await api.deps.db.selectFrom('a3_sandbox_bindings').select('active').where('token', '=', token).executeTakeFirstOrThrow()).active).toBe(false);
    expect(await api.deps.db.selectFrom('autopay_token_removals').selectAll().where('token', '=', token).execute()).toEqual([]);
  });
});
