import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps } from '../appDeps.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { a3SandboxOrder, createA3SandboxOrder, finishA3SandboxOrder } from '../payments/a3SandboxStore.ts';
import type { A3SandboxOrder } from '../payments/a3SandboxStore.ts';
import { handleA3Callback } from '../payments/a3Results.ts';
import { A3_SIGNATURE_HEADER, a3Signature, a3Verify, readCreateOrder, signedJson } from '../payments/gateways/a3/protocol.ts';
import type { A3OrderState } from '../payments/gateways/a3/protocol.ts';
import { sandboxCardOutcome, submittedCard } from '../payments/gateways/sandboxCards.ts';
import { sandboxPage } from '../payments/gateways/sandboxPage.ts';
import { recordPaymentEvent } from '../payments/paymentStore.ts';
import { SANDBOX_A3_PATH } from '../payments/settings.ts';
import type { A3Gateway } from '../payments/settings.ts';

/** The job that finishes the slow test card's order and sends its callback. */
export const A3_SANDBOX_COMPLETE_JOB = 'payments.a3SandboxComplete';

const html = (body: string, status: 200 | 400 | 404 = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
const refusedPage = () => html('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Заказ не найден</title><h1>Заказ не найден</h1><p>Такого заказа в тестовом шлюзе A3 нет.</p></html>', 404);

/** The order's state as A3 reports it (status reply and callback share it). */
export function orderState(merchantId: string, order: A3SandboxOrder): A3OrderState {
  return { merchantId, orderId: order.orderId, status: order.status, amount: order.amountKopecks, operationId: order.operationId };
}

/**
 * Sends the order's signed callback to the merchant. The sandbox only ever calls our own API back (the
 * URL was checked when the order was made), through the same handler A3's real callback reaches.
 */
export async function sendA3Callback(deps: AppDeps, a3: A3Gateway, order: A3SandboxOrder): Promise<void> {
  const body = JSON.stringify(orderState(a3.merchant.merchantId, order));
  await handleA3Callback(deps, a3, body, a3Signature(a3.merchant.secret, body));
}

/**
 * Our stand-in for the A3 gateway (used when no A3 merchant is set): the order API (signed JSON in and
 * out, as protocol.ts defines), a hosted card page with the sandbox's test cards, the signed callback,
 * and the return of the payer to our own payment pages only.
 */
export function a3SandboxRoutes(deps: AppDeps, a3: A3Gateway): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { merchant } = a3;
  /** The signed JSON body of a request, when the signature is ours. */
  const signedBody = async (c: Context<AppEnv>): Promise<unknown> => {
    const text = await c.req.text().catch(() => '');
    if (!a3Verify(merchant.secret, text, c.req.header(A3_SIGNATURE_HEADER))) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  };
  const refused = (message: string) => signedJson(merchant.secret, { error: message }, 400);
  const ours = (url: string, prefix: string) => url.startsWith(prefix) && !url.slice(prefix.length).includes('//');

  routes.post('/orders', async (c) => {
    const order = readCreateOrder(await signedBody(c));
    if (order === undefined || order.merchantId !== merchant.merchantId) return refused('Подпись или поля заказа неверны');
    const site = `${deps.siteUrl}/prepayment/`;
    if (!ours(order.returnUrl, site) || !ours(order.failUrl, site) || order.callbackUrl !== `${deps.apiUrl}/105/api/payment/a3/callback`) return refused('Адреса возврата — не адреса магазина');
    await createA3SandboxOrder(deps.db, order, deps.clock());
    return signedJson(merchant.secret, { orderId: order.orderId, formUrl: `${deps.apiUrl}${SANDBOX_A3_PATH}/pay/${order.orderId}`, status: 'created' });
  });

  routes.post('/orders/status', async (c) => {
    const asked = (await signedBody(c)) as { merchantId?: unknown; orderId?: unknown } | undefined;
    if (asked?.merchantId !== merchant.merchantId || typeof asked.orderId !== 'string') return refused('Подпись или поля запроса неверны');
    const order = await a3SandboxOrder(deps.db, asked.orderId);
    if (order === undefined) return refused('Заказ не найден');
    return signedJson(merchant.secret, orderState(merchant.merchantId, order));
  });

  routes.get('/pay/:orderId', async (c) => {
    const order = await a3SandboxOrder(deps.db, c.req.param('orderId'));
    if (order === undefined || order.status !== 'created') return refusedPage();
    return html(sandboxPage({ amountKopecks: order.amountKopecks, description: order.description, fields: {}, gateway: 'A3', action: `${SANDBOX_A3_PATH}/pay/${order.orderId}` }));
  });

  routes.post('/pay/:orderId', async (c) => {
    const order = await a3SandboxOrder(deps.db, c.req.param('orderId'));
    if (order === undefined || order.status !== 'created') return refusedPage();
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      form = {};
    }
    if (form['action'] === 'cancel') return c.redirect(order.failUrl, 303);
    const outcome = sandboxCardOutcome(submittedCard(form));
    if (outcome === undefined) {
      return html(sandboxPage({ amountKopecks: order.amountKopecks, description: order.description, fields: {}, gateway: 'A3', action: `${SANDBOX_A3_PATH}/pay/${order.orderId}`, error: 'Карта не принята: в тестовом шлюзе работают только тестовые карты из списка ниже' }));
    }
    await recordPaymentEvent(deps.db, order.orderId, 'a3.sandbox.card', outcome, deps.clock());
    if (outcome === 'paysLater') {
      const updated = await finishA3SandboxOrder(deps.db, order.orderId, 'processing', null);
      if (updated !== undefined) await completeLater(deps, order.orderId);
      return c.redirect(order.returnUrl, 303);
    }
    const finished = await finishA3SandboxOrder(deps.db, order.orderId, outcome === 'pays' ? 'paid' : 'declined', outcome === 'pays' ? String(randomInt(100_000_000, 999_999_999)) : null);
    if (finished !== undefined) await sendA3Callback(deps, a3, finished);
    return c.redirect(outcome === 'pays' ? order.returnUrl : `${order.failUrl}&reason=declined`, 303);
  });

  return routes;
}

/** Pays the slow card's order after the sandbox delay and calls back: through the job queue when there is one. */
async function completeLater(deps: AppDeps, orderId: string): Promise<void> {
  const runAt = new Date(deps.clock().getTime() + deps.payments.sandboxDelayMs);
  if (deps.jobs !== undefined) {
    await deps.jobs.enqueue(A3_SANDBOX_COMPLETE_JOB, { orderId }, { runAt });
    return;
  }
  setTimeout(() => void completeA3SandboxOrder(deps, orderId).catch((error: unknown) => deps.onUnexpectedError?.(error)), deps.payments.sandboxDelayMs).unref();
}

/** The slow card's bank answered: the order is paid and the merchant hears of it. */
export async function completeA3SandboxOrder(deps: AppDeps, orderId: string): Promise<void> {
  const a3 = deps.payments.a3;
  if (a3 === undefined) return;
  const finished = await finishA3SandboxOrder(deps.db, orderId, 'paid', String(randomInt(100_000_000, 999_999_999)), 'processing');
  if (finished !== undefined) await sendA3Callback(deps, a3, finished);
}
