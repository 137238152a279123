import { createHmac, timingSafeEqual } from 'node:crypto';

// A3 (a ProcessingFront-style card gateway): the merchant creates an order over HTTPS, sends the payer
// to the order's form, and learns the result from a signed callback and by asking the order's status.
// A3's own contract is not public, so the messages are ours, in one place: JSON bodies, amounts in
// kopecks, each request and reply signed with HMAC-SHA256 of the exact body under the merchant's
// secret, hex, in the X-A3-Signature header. The production adapter and our sandbox (routes/a3Sandbox.ts)
// both use this module, so the tests of one prove the other.

/** The merchant's credentials and the gateway's API base (A3_MERCHANT_ID, A3_SECRET, A3_API_URL). */
export type A3Merchant = { merchantId: string; secret: string; apiUrl: string };

/** The header that carries a body's signature. */
export const A3_SIGNATURE_HEADER = 'X-A3-Signature';

/** An order's state at the gateway. */
export type A3OrderStatus = 'created' | 'processing' | 'paid' | 'declined';

/** POST {apiUrl}/orders: what the merchant asks the gateway to charge. */
export type A3CreateOrder = {
  merchantId: string;
  orderId: string;
  amount: number;
  currency: 'RUB';
  description: string;
  returnUrl: string;
  failUrl: string;
  callbackUrl: string;
};

/** The gateway's answer to a new order: where to send the payer. */
export type A3OrderReply = { orderId: string; formUrl: string; status: A3OrderStatus };

/** POST {apiUrl}/orders/status and the callback: the order's state, with the operation once paid. */
export type A3OrderState = { merchantId: string; orderId: string; status: A3OrderStatus; amount: number; operationId: string | null };

/** A refused or unreadable exchange with the gateway. */
export class A3Error extends Error {}

/** The signature of a body: HMAC-SHA256 under the secret, hex. */
export function a3Signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/** Whether `signature` is the body's, compared in constant time. */
export function a3Verify(secret: string, body: string, signature: string | undefined | null): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(a3Signature(secret, body), 'hex'), Buffer.from(signature, 'hex'));
}

const STATUSES: readonly A3OrderStatus[] = ['created', 'processing', 'paid', 'declined'];
const isText = (value: unknown, max = 2_000): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A create-order message, when every field is there and well-formed. */
export function readCreateOrder(value: unknown): A3CreateOrder | undefined {
  const v = value as Partial<A3CreateOrder> | null;
  if (v === null || typeof v !== 'object') return undefined;
  if (!isText(v.merchantId, 64) || !isText(v.orderId, 64) || !isAmount(v.amount) || v.currency !== 'RUB' || !isText(v.description, 500)) return undefined;
  if (!isText(v.returnUrl) || !isText(v.failUrl) || !isText(v.callbackUrl)) return undefined;
  return { merchantId: v.merchantId, orderId: v.orderId, amount: v.amount, currency: 'RUB', description: v.description, returnUrl: v.returnUrl, failUrl: v.failUrl, callbackUrl: v.callbackUrl };
}

/** An order state (callback or status reply), when well-formed. */
export function readOrderState(value: unknown): A3OrderState | undefined {
  const v = value as Partial<A3OrderState> | null;
  if (v === null || typeof v !== 'object') return undefined;
  if (!isText(v.merchantId, 64) || !isText(v.orderId, 64) || !STATUSES.includes(v.status as A3OrderStatus) || !isAmount(v.amount)) return undefined;
  if (v.operationId !== null && !isText(v.operationId, 64)) return undefined;
  return { merchantId: v.merchantId, orderId: v.orderId, status: v.status as A3OrderStatus, amount: v.amount, operationId: v.operationId ?? null };
}

/** The `fetch` the adapter calls: the real one, or the app itself for our sandbox. */
export type A3Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** A signed JSON request; answers the verified, parsed reply or throws A3Error (card tokens use it too: ./tokens.ts). */
export async function a3Call(merchant: A3Merchant, fetch: A3Fetch, path: string, message: unknown): Promise<unknown> {
  const body = JSON.stringify(message);
  let response: Response;
  try {
    response = await fetch(`${merchant.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [A3_SIGNATURE_HEADER]: a3Signature(merchant.secret, body) },
      body,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new A3Error(`A3 unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) throw new A3Error(`A3 answered ${response.status}`);
  if (!a3Verify(merchant.secret, text, response.headers.get(A3_SIGNATURE_HEADER))) throw new A3Error('A3 reply signature is wrong');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new A3Error('A3 reply is not JSON');
  }
}

/** Creates the order; answers the form to send the payer to. */
export async function createOrder(merchant: A3Merchant, fetch: A3Fetch, order: Omit<A3CreateOrder, 'merchantId' | 'currency'>): Promise<A3OrderReply> {
  const reply = (await a3Call(merchant, fetch, '/orders', { merchantId: merchant.merchantId, currency: 'RUB', ...order })) as Partial<A3OrderReply> | null;
  if (reply === null || reply.orderId !== order.orderId || !isText(reply.formUrl) || !STATUSES.includes(reply.status as A3OrderStatus)) throw new A3Error('A3 order reply is malformed');
  return { orderId: reply.orderId, formUrl: reply.formUrl, status: reply.status as A3OrderStatus };
}

/** Asks the order's state (the polling job's question). */
export async function orderStatus(merchant: A3Merchant, fetch: A3Fetch, orderId: string): Promise<A3OrderState> {
  const state = readOrderState(await a3Call(merchant, fetch, '/orders/status', { merchantId: merchant.merchantId, orderId }));
  if (state === undefined || state.orderId !== orderId || state.merchantId !== merchant.merchantId) throw new A3Error('A3 status reply is malformed');
  return state;
}

/** A signed JSON response (the gateway's replies and the sandbox's callback use it). */
export function signedJson(secret: string, value: unknown, status = 200): Response {
  const body = JSON.stringify(value);
  return new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8', [A3_SIGNATURE_HEADER]: a3Signature(secret, body), 'Cache-Control': 'no-store' } });
}
