import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCancelToken } from '../../server/payments/autopay/cancelLinks.ts';
import { signedBindingNotification } from '../../server/payments/autopay/gateways/monetaRecurring.ts';
import { makeNotifyToken } from '../../server/notifications/notifyTokens.ts';
import { createMailTestApi } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { bindCard, driver, newFine, state, turnOn } from '../api/autopay/helpers.ts';
import type { Driver } from '../api/autopay/helpers.ts';

// Issue 25 §1: attacks on Автооплата — a card bound by a forged notification, someone else's charge
// cancelled or paid, a cancel link forged or reused for another fine, the sandbox's MerchantAPI
// called without the account's login.

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const notify = async (fields: Record<string, string>) => {
  const reply = await api.app.request('/105/api/payment/moneta/notify', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return reply.text();
};

/** A driver who started binding but never finished on the gateway's page: the pending binding's id. */
async function pendingBinding(): Promise<{ d: Driver; bindingId: string }> {
  const d = await driver(api);
  const started = await api.request('POST', '/105/api/autopay/card', { session: d.session });
  return { d, bindingId: new URL(started.body.response.redirectUrl).searchParams.get('MNT_SUBSCRIBER_ID')! };
}

describe('binding notifications', () => {
  it('one signed with another code binds nothing', async () => {
    const { d, bindingId } = await pendingBinding();
    const forged = signedBindingNotification({ ...api.deps.payments.moneta.account, integrityCode: 'guessed' }, bindingId, '123456789');
    expect(await notify(forged as unknown as Record<string, string>)).toBe('FAIL');
    expect((await state(api, d)).card).toBeNull();
  });

  it('a genuine one for an operation the gateway never made (no token to read) binds nothing', async () => {
    const { d, bindingId } = await pendingBinding();
    const genuine = signedBindingNotification(api.deps.payments.moneta.account, bindingId, '987654321');
    expect(await notify(genuine as unknown as Record<string, string>)).toBe('FAIL');
    expect((await state(api, d)).card).toBeNull();
  });

  it("a replayed binding notification cannot swap in another card's token", async () => {
    const d = await driver(api);
    await bindCard(api, d.session);
    const before = await api.database.db.selectFrom('autopay_cards').selectAll().where('user_id', '=', d.session.userId).execute();
    const [card] = before;
    const op = await api.database.db.selectFrom('moneta_sandbox_tokens').select('operation_id').where('subscriber_id', '=', card!.id).executeTakeFirstOrThrow();
    const replay = signedBindingNotification(api.deps.payments.moneta.account, card!.id, op.operation_id);
    expect(await notify(replay as unknown as Record<string, string>)).toContain('<MNT_RESULT_CODE>200</MNT_RESULT_CODE>');
    expect(await api.database.db.selectFrom('autopay_cards').selectAll().where('user_id', '=', d.session.userId).execute()).toEqual(before);
  });

  it('the binding page refuses a request with a changed return address', async () => {
    const d = await driver(api);
    const started = await api.request('POST', '/105/api/autopay/card', { session: d.session });
    const url = new URL(started.body.response.redirectUrl);
    url.searchParams.set('MNT_SUCCESS_URL', 'https://evil.example/');
    expect((await api.app.request(url.pathname + url.search)).status).toBe(400);
  });
});

describe('cancel links', () => {
  async function scheduled(): Promise<{ d: Driver; chargeId: number }> {
    const d = await driver(api);
    await bindCard(api, d.session);
    await turnOn(api, d);
    await newFine(api, d);
    return { d, chargeId: (await state(api, d)).charges[0]!.id };
  }

  it('a token signed with another secret, or for another user, cancels nothing', async () => {
    const { d, chargeId } = await scheduled();
    for (const token of [makeCancelToken('not-our-secret', chargeId, d.session.userId, api.now()), makeCancelToken(api.deps.notifySecret, chargeId, d.session.userId + 1, api.now())]) {
      const reply = await api.request('POST', '/105/api/autopay/cancel', { form: { token } });
      expect([400, 404]).toContain(reply.status);
    }
    expect((await state(api, d)).charges[0]?.status).toBe('scheduled');
  });

  it('an unsubscribe token is not a cancel token', async () => {
    const { d } = await scheduled();
    const reply = await api.request('POST', '/105/api/autopay/cancel', { form: { token: makeNotifyToken(api.deps.notifySecret, d.session.userId, 'unsubscribe', api.now()) } });
    expect(reply.status).toBe(400);
  });

  it('an old link has expired', async () => {
    const { d, chargeId } = await scheduled();
    const old = makeCancelToken(api.deps.notifySecret, chargeId, d.session.userId, new Date(api.now().getTime() - 61 * 86_400_000));
    expect((await api.request('POST', '/105/api/autopay/cancel', { form: { token: old } })).status).toBe(410);
  });

  it('huge or odd input is a 400, never a 500', async () => {
    for (const token of ['x'.repeat(5_000), '1.2.3.<script>', '']) {
      expect((await api.request('POST', '/105/api/autopay/cancel', { form: { token } })).status).toBe(400);
    }
    const d = await driver(api);
    await bindCard(api, d.session);
    for (const json of [{ documentKind: 'sts', documentId: d.stsId, maxFineRub: -1, monthlyRub: 10 }, { documentKind: 'inn', documentId: d.stsId, maxFineRub: 1, monthlyRub: 1 }, { documentKind: 'sts', documentId: 'x', maxFineRub: 1e12, monthlyRub: 1 }]) {
      expect((await api.request('PUT', '/105/api/autopay/rule', { session: d.session, json })).status).toBe(422);
    }
  });
});

describe('access', () => {
  it('the profile calls need a session', async () => {
    expect((await api.request('GET', '/105/api/autopay')).status).toBe(401);
    expect((await api.request('POST', '/105/api/autopay/card')).status).toBe(401);
  });

  it("the sandbox's MerchantAPI refuses a charge without the account's login", async () => {
    const reply = await api.app.request('/105/sandbox-gateway/moneta/merchant-api', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Envelope: { Header: { Security: { UsernameToken: { Username: api.deps.payments.moneta.account.accountId, Password: 'guess' } } }, Body: { PaymentRequest: { payee: api.deps.payments.moneta.account.accountId, amount: '1.00', clientTransaction: 'x' } } } }),
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(await reply.json())).toContain('fault');
  });
});
