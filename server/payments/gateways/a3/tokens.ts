import { A3Error, a3Call } from './protocol.ts';
import type { A3Fetch, A3Merchant } from './protocol.ts';

// A3's card binding and token charges, in the same signed-JSON style as its orders (protocol.ts; A3's
// contract is not public, so these messages are ours and are to be matched to A3's when the merchant
// account is opened — see README). The real adapter and our sandbox (server/payments/autopay/gateways/a3Sandbox.ts)
// both use this module:
// - binding: POST /bindings {merchantId, bindingId, returnUrl, failUrl, callbackUrl} → {bindingId, formUrl};
//   the payer types the card on A3's page (a 1 ₽ check, released at once), A3 posts a signed callback
//   {merchantId, bindingId, status}; the token is never taken from it: POST /bindings/status answers it;
// - a charge: POST /tokens/charge {merchantId, token, orderId, amount, description} → {orderId, status:
//   'paid' | 'declined', operationId, reason}; one charge per orderId (our payment id): a repeat answers
//   the first one's outcome;
// - removal: POST /tokens/delete {merchantId, token} → {deleted: true}.

/** A binding's state at A3: the payer is on the page, the card is bound (with its token), or refused. */
export type A3BindingStatus = 'created' | 'bound' | 'declined';

/** The binding callback A3 posts (signed). */
export type A3BindingCallback = { merchantId: string; bindingId: string; status: A3BindingStatus };

/** POST /bindings/status reply: the card once bound. */
export type A3BindingState = A3BindingCallback & { token: string | null; mask: string | null; expiry: string | null };

/** How a token charge ended. */
export type A3TokenCharge = { kind: 'paid'; operationId: string } | { kind: 'declined'; reason: string };

const STATUSES: readonly A3BindingStatus[] = ['created', 'bound', 'declined'];
const isId = (value: unknown): value is string => typeof value === 'string' && /^[\w-]{1,64}$/.test(value);

/** A binding callback or status, when well-formed. */
export function readBindingCallback(value: unknown): A3BindingCallback | undefined {
  const v = value as Partial<A3BindingCallback> | null;
  if (v === null || typeof v !== 'object' || !isId(v.merchantId) || !isId(v.bindingId) || !STATUSES.includes(v.status as A3BindingStatus)) return undefined;
  return { merchantId: v.merchantId, bindingId: v.bindingId, status: v.status as A3BindingStatus };
}

/** Starts a binding at A3; answers the card page to send the payer to. */
export async function startA3Binding(merchant: A3Merchant, fetch: A3Fetch, binding: { bindingId: string; returnUrl: string; failUrl: string; callbackUrl: string }): Promise<string> {
  const reply = (await a3Call(merchant, fetch, '/bindings', { merchantId: merchant.merchantId, ...binding })) as { bindingId?: unknown; formUrl?: unknown } | null;
  if (reply?.bindingId !== binding.bindingId || typeof reply.formUrl !== 'string' || !/^https?:\/\//.test(reply.formUrl)) throw new A3Error('A3 binding reply is malformed');
  return reply.formUrl;
}

/** Asks A3 for a binding's state and, once bound, its token, masked card and expiry. */
export async function a3BindingState(merchant: A3Merchant, fetch: A3Fetch, bindingId: string): Promise<A3BindingState> {
  const reply = (await a3Call(merchant, fetch, '/bindings/status', { merchantId: merchant.merchantId, bindingId })) as Partial<A3BindingState> | null;
  const head = readBindingCallback(reply);
  if (head === undefined || head.bindingId !== bindingId || head.merchantId !== merchant.merchantId) throw new A3Error('A3 binding status is malformed');
  const token = reply?.token;
  const mask = reply?.mask;
  const expiry = reply?.expiry;
  if (head.status !== 'bound') return { ...head, token: null, mask: null, expiry: null };
  if (typeof token !== 'string' || !/^[\w-]{8,128}$/.test(token) || typeof mask !== 'string' || mask.length > 19 || typeof expiry !== 'string' || !/^\d{2}\/\d{2}$/.test(expiry)) throw new A3Error('A3 bound card is malformed');
  return { ...head, token, mask, expiry };
}

/** Charges a token; `orderId` (our payment id) makes a repeat the same charge. */
export async function chargeA3Token(merchant: A3Merchant, fetch: A3Fetch, input: { token: string; orderId: string; amountKopecks: number; description: string }): Promise<A3TokenCharge> {
  const reply = (await a3Call(merchant, fetch, '/tokens/charge', { merchantId: merchant.merchantId, token: input.token, orderId: input.orderId, amount: input.amountKopecks, description: input.description })) as
    | { orderId?: unknown; status?: unknown; operationId?: unknown; reason?: unknown }
    | null;
  if (reply?.orderId !== input.orderId) throw new A3Error('A3 charge reply names another order');
  if (reply.status === 'paid' && isId(reply.operationId)) return { kind: 'paid', operationId: reply.operationId };
  if (reply.status === 'declined') return { kind: 'declined', reason: (typeof reply.reason === 'string' ? reply.reason : 'Банк отклонил списание').slice(0, 200) };
  throw new A3Error(`A3 charge: unexpected status ${String(reply.status).slice(0, 40)}`);
}

/** Removes a token at A3. */
export async function deleteA3Token(merchant: A3Merchant, fetch: A3Fetch, token: string): Promise<void> {
  const reply = (await a3Call(merchant, fetch, '/tokens/delete', { merchantId: merchant.merchantId, token })) as { deleted?: unknown } | null;
  if (reply?.deleted !== true) throw new A3Error('A3 did not remove the token');
}
