import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A3_SIGNATURE_HEADER, a3Signature } from '../../server/payments/gateways/a3/protocol.ts';
import { createMailTestApi } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { bindCardAnywhere, driver } from '../api/autopay/helpers.ts';
import type { Driver } from '../api/autopay/helpers.ts';

// Issue 25 §1, card tokens at A3: a binding callback forged, signed with a guessed secret, naming a
// binding at another gateway or one whose card A3 never bound; a replay after binding; the sandbox's
// token API called unsigned or with another's token; return addresses changed.

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
  api.deps.payments.primary = 'A3';
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const secret = () => api.deps.payments.a3!.merchant.secret;
const merchantId = () => api.deps.payments.a3!.merchant.merchantId;
const callback = async (message: unknown, key = secret()) => {
  const body = JSON.stringify(message);
  return api.app.request('/105/api/autopay/a3/callback', { method: 'POST', headers: { 'content-type': 'application/json', [A3_SIGNATURE_HEADER]: a3Signature(key, body) }, body });
};
const cardsOf = (d: Driver) => api.deps.db.selectFrom('autopay_cards').selectAll().where('user_id', '=', d.session.userId).execute();

/** A driver who opened A3's binding page and left: the pending binding's id. */
async function pending(): Promise<{ d: Driver; bindingId: string }> {
  const d = await driver(api);
  const started = await api.request('POST', '/105/api/autopay/card', { session: d.session });
  return { d, bindingId: new URL(started.body.response.redirectUrl).pathname.split('/').pop()! };
}

describe('A3 binding callbacks', () => {
  it('signed with a guessed secret, or unsigned: refused, nothing bound', async () => {
    const { d, bindingId } = await pending();
    expect((await callback({ merchantId: merchantId(), bindingId, status: 'bound' }, 'guessed-secret-0000')).status).toBe(400);
    const unsigned = await api.app.request('/105/api/autopay/a3/callback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ merchantId: merchantId(), bindingId, status: 'bound' }) });
    expect(unsigned.status).toBe(400);
    expect((await cardsOf(d)).map((c) => c.status)).toEqual(['pending']);
  });

  it('genuinely signed «bound» for a card A3 never bound: the token is asked from A3, so nothing is bound', async () => {
    const { d, bindingId } = await pending();
    expect((await callback({ merchantId: merchantId(), bindingId, status: 'bound' })).status).toBe(200);
    expect((await cardsOf(d)).map((c) => c.status)).toEqual(['pending']);
  });

  it('naming a binding made at moneta, or none: refused', async () => {
    delete api.deps.payments.primary;
    const { d, bindingId } = await pending();
    api.deps.payments.primary = 'A3';
    expect((await callback({ merchantId: merchantId(), bindingId, status: 'bound' })).status).toBe(400);
    expect((await callback({ merchantId: merchantId(), bindingId: 'f'.repeat(32), status: 'bound' })).status).toBe(400);
    expect((await cardsOf(d)).map((c) => `${c.gateway}:${c.status}`)).toEqual(['moneta:pending']);
  });

  it('a replay after binding changes nothing', async () => {
    const d = await driver(api);
    await bindCardAnywhere(api, d.session);
    const before = await cardsOf(d);
    expect(before.map((c) => `${c.gateway}:${c.status}`)).toEqual(['A3:bound']);
    expect((await callback({ merchantId: merchantId(), bindingId: before[0]!.id, status: 'declined' })).status).toBe(200);
    expect(await cardsOf(d)).toEqual(before);
  });
});

describe("the A3 sandbox's token API", () => {
  it('unsigned or signed with another secret: refused, nothing charged', async () => {
    const d = await driver(api);
    await bindCardAnywhere(api, d.session);
    const token = (await cardsOf(d))[0]!.token!;
    const message = JSON.stringify({ merchantId: merchantId(), token, orderId: 'evil-1', amount: 100_000, description: 'x' });
    for (const headers of [{}, { [A3_SIGNATURE_HEADER]: a3Signature('guessed-secret-0000', message) }]) {
      const reply = await api.app.request('/105/sandbox-gateway/a3/tokens/charge', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: message });
      expect(reply.status).toBe(400);
    }
    expect(await api.deps.db.selectFrom('a3_sandbox_token_charges').selectAll().where('token', '=', token).execute()).toEqual([]);
  });

  it('a binding whose return address is not our autopay page is refused', async () => {
    const body = JSON.stringify({ merchantId: merchantId(), bindingId: 'a'.repeat(32), returnUrl: 'https://evil.example/', failUrl: 'https://evil.example/', callbackUrl: `${api.deps.apiUrl}/105/api/autopay/a3/callback` });
    const reply = await api.app.request('/105/sandbox-gateway/a3/bindings', { method: 'POST', headers: { 'content-type': 'application/json', [A3_SIGNATURE_HEADER]: a3Signature(secret(), body) }, body });
    expect(reply.status).toBe(400);
  });
});
