import { randomBytes, randomInt } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppDeps } from '../../../appDeps.ts';
import type { AppEnv } from '../../../http/appEnv.ts';
import { handleA3BindingCallback } from '../a3Binding.ts';
import { AUTOPAY_PAGE } from '../binding.ts';
import { sandboxBindingPage } from './sandboxBindingPage.ts';
import { maskCard, tokenCardBehaviour } from './sandboxTokenCards.ts';
import type { TokenCardBehaviour } from './sandboxTokenCards.ts';
import { A3_BINDING_CALLBACK_PATH } from '../tokenGateway.ts';
import { A3_SIGNATURE_HEADER, a3Signature, a3Verify, signedJson } from '../../gateways/a3/protocol.ts';
import { SANDBOX_A3_PATH } from '../../settings.ts';
import type { A3Gateway } from '../../settings.ts';

const html = (body: string, status: 200 | 400 | 404 = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
const isId = (value: unknown): value is string => typeof value === 'string' && /^[\w-]{1,64}$/.test(value);


/**
 * Our stand-in for A3's card binding and token charges (tokens.ts is the protocol): the binding API and
 * its card page with the sandbox's test cards, the signed callback to the same handler A3's reaches,
 * the binding's status with the token, token charges (one per order id, kept as orders so the status
 * request and the polling job see them) and token removal.
 */
export function a3TokenSandboxRoutes(deps: AppDeps, a3: A3Gateway): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { merchant } = a3;
  const signedBody = async (c: Context<AppEnv>): Promise<Record<string, unknown> | undefined> => {
    const text = await c.req.text().catch(() => '');
    if (!a3Verify(merchant.secret, text, c.req.header(A3_SIGNATURE_HEADER))) return undefined;
    try {
      const value = JSON.parse(text) as unknown;
      return value !== null && typeof value === 'object' && (value as Record<string, unknown>)['merchantId'] === merchant.merchantId ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
  const refused = (message: string) => signedJson(merchant.secret, { error: message }, 400);
  const autopayPage = `${deps.siteUrl}${AUTOPAY_PAGE}`;
  const ours = (url: unknown) => typeof url === 'string' && url.startsWith(autopayPage) && !url.slice(autopayPage.length).includes('//');
  const binding = (id: string) => deps.db.selectFrom('a3_sandbox_bindings').selectAll().where('binding_id', '=', id).executeTakeFirst();
  const callBack = async (bindingId: string, status: 'bound' | 'declined') => {
    const body = JSON.stringify({ merchantId: merchant.merchantId, bindingId, status });
    await handleA3BindingCallback(deps, a3, body, a3Signature(merchant.secret, body));
  };

  routes.post('/bindings', async (c) => {
    const asked = await signedBody(c);
    if (asked === undefined || !isId(asked['bindingId'])) return refused('Подпись или поля запроса неверны');
    if (!ours(asked['returnUrl']) || !ours(asked['failUrl']) || asked['callbackUrl'] !== `${deps.apiUrl}${A3_BINDING_CALLBACK_PATH}`) return refused('Адреса возврата — не адреса магазина');
    await deps.db.insertInto('a3_sandbox_bindings').values({ binding_id: asked['bindingId'], return_url: String(asked['returnUrl']), fail_url: String(asked['failUrl']), status: 'created', token: null, card: null, expiry: null, created_at: deps.clock() }).onConflict((oc) => oc.column('binding_id').doNothing()).execute();
    return signedJson(merchant.secret, { bindingId: asked['bindingId'], formUrl: `${deps.apiUrl}${SANDBOX_A3_PATH}/bind/${asked['bindingId']}` });
  });

  routes.post('/bindings/status', async (c) => {
    const asked = await signedBody(c);
    const row = asked !== undefined && isId(asked['bindingId']) ? await binding(asked['bindingId']) : undefined;
    if (row === undefined) return refused('Привязка не найдена');
    return signedJson(merchant.secret, { merchantId: merchant.merchantId, bindingId: row.binding_id, status: row.status, token: row.token, mask: row.card, expiry: row.expiry });
  });

  routes.get('/bind/:bindingId', async (c) => {
    const row = await binding(c.req.param('bindingId'));
    if (row?.status !== 'created') return html('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Привязка не найдена</title><h1>Привязка не найдена</h1></html>', 404);
    return html(sandboxBindingPage({ gateway: 'A3', action: `${SANDBOX_A3_PATH}/bind/${row.binding_id}` }));
  });

  routes.post('/bind/:bindingId', async (c) => {
    const row = await binding(c.req.param('bindingId'));
    if (row?.status !== 'created') return html('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Привязка не найдена</title><h1>Привязка не найдена</h1></html>', 404);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form['action'] === 'cancel') return c.redirect(row.fail_url, 303);
    const typed = typeof form['card'] === 'string' ? form['card'] : '';
    const behaviour = tokenCardBehaviour(typed);
    if (behaviour === undefined) return html(sandboxBindingPage({ gateway: 'A3', action: `${SANDBOX_A3_PATH}/bind/${row.binding_id}`, error: 'Карта не принята: в тестовом шлюзе работают только тестовые карты из списка ниже' }));
    if (behaviour === 'refusesBinding') {
      await deps.db.updateTable('a3_sandbox_bindings').set({ status: 'declined' }).where('binding_id', '=', row.binding_id).where('status', '=', 'created').execute();
      await callBack(row.binding_id, 'declined');
      return c.redirect(row.fail_url, 303);
    }
    const expiry = typeof form['exp'] === 'string' && /^\d{2}\/\d{2}$/.test(form['exp']) ? form['exp'] : '12/30';
    const token = `a3t-${behaviour}-${randomBytes(12).toString('hex')}`;
    const bound = await deps.db.updateTable('a3_sandbox_bindings').set({ status: 'bound', token, card: maskCard(typed), expiry, active: true }).where('binding_id', '=', row.binding_id).where('status', '=', 'created').returning('binding_id').executeTakeFirst();
    if (bound !== undefined) await callBack(row.binding_id, 'bound');
    return c.redirect(row.return_url, 303);
  });

  routes.post('/tokens/charge', async (c) => {
    const asked = await signedBody(c);
    const amount = asked?.['amount'];
    if (asked === undefined || !isId(asked['orderId']) || typeof asked['token'] !== 'string' || !Number.isSafeInteger(amount) || (amount as number) <= 0 || typeof asked['description'] !== 'string') return refused('Подпись или поля запроса неверны');
    const orderId = asked['orderId'];
    const token = asked['token'];
    // One charge per order: a repeat answers the first one's outcome.
    const answer = async (reason = 'Банк отклонил списание') => {
      const order = await deps.db.selectFrom('a3_sandbox_orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
      return signedJson(merchant.secret, { orderId, status: order.status, operationId: order.operation_id, ...(order.status === 'declined' ? { reason } : {}) });
    };
    if ((await deps.db.selectFrom('a3_sandbox_token_charges').select('order_id').where('order_id', '=', orderId).executeTakeFirst()) !== undefined) return answer();
    const card = await deps.db.selectFrom('a3_sandbox_bindings').selectAll().where('token', '=', token).where('active', '=', true).executeTakeFirst();
    const behaviour = (token.split('-')[1] ?? 'pays') as TokenCardBehaviour;
    const before = card === undefined ? 0 : Number((await deps.db.selectFrom('a3_sandbox_token_charges').select((eb) => eb.fn.countAll<string>().as('n')).where('token', '=', token).executeTakeFirstOrThrow()).n);
    const declined = card === undefined || behaviour === 'declines' || (behaviour === 'declinesFirst' && before % 2 === 0);
    const now = deps.clock();
    const inserted = await deps.db.insertInto('a3_sandbox_token_charges').values({ order_id: orderId, token, created_at: now }).onConflict((oc) => oc.column('order_id').doNothing()).returning('order_id').executeTakeFirst();
    if (inserted === undefined) return answer();
    await deps.db
      .insertInto('a3_sandbox_orders')
      .values({ order_id: orderId, amount_kopecks: amount as number, description: String(asked['description']).slice(0, 500), return_url: '', fail_url: '', callback_url: '', status: declined ? 'declined' : 'paid', operation_id: declined ? null : String(randomInt(100_000_000, 999_999_999)), created_at: now })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
    return answer(card === undefined ? 'Токен карты не найден или удалён' : 'Недостаточно средств на карте');
  });

  routes.post('/tokens/delete', async (c) => {
    const asked = await signedBody(c);
    if (asked === undefined || typeof asked['token'] !== 'string') return refused('Подпись или поля запроса неверны');
    await deps.db.updateTable('a3_sandbox_bindings').set({ active: false }).where('token', '=', asked['token']).execute();
    return signedJson(merchant.secret, { deleted: true });
  });

  return routes;
}
