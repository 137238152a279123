import { randomBytes, randomInt } from 'node:crypto';
import { Hono } from 'hono';
import type { AppDeps } from '../../../appDeps.ts';
import type { AppEnv } from '../../../http/appEnv.ts';
import { queryInput } from '../../../http/input.ts';
import { requestSignature } from '../../gateways/moneta/protocol.ts';
import { AUTOPAY_PAGE, handleBindingNotification } from '../binding.ts';
import { merchantFault, monetaAmountKopecks, signedBindingNotification } from './monetaRecurring.ts';
import { sandboxBindingPage } from './sandboxBindingPage.ts';
import { maskCard, tokenCardBehaviour } from './sandboxTokenCards.ts';
import type { TokenCardBehaviour } from './sandboxTokenCards.ts';

const BIND_FIELDS = ['MNT_ID', 'MNT_TRANSACTION_ID', 'MNT_AMOUNT', 'MNT_CURRENCY_CODE', 'MNT_SUBSCRIBER_ID', 'MNT_TEST_MODE', 'MNT_SUCCESS_URL', 'MNT_FAIL_URL', 'MNT_SIGNATURE'] as const;

const html = (body: string, status: 200 | 400 = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });


/** A MerchantAPI reply. */
const merchantReply = (name: string, body: unknown) => Response.json({ Envelope: { Body: { [`${name}Response`]: body } } });

/**
 * Our stand-in for moneta's card binding and MerchantAPI (used when no real account is set): the
 * Assistant form with MNT_SUBSCRIBER_ID shows a binding page; a test card gets a token and the signed
 * notification goes to the same handler moneta's reaches; the MerchantAPI answers the operation's
 * details, releases the hold, charges tokens (once per clientTransaction) and removes them.
 */
export function autopaySandboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { account } = deps.payments.moneta;
  const ours = `${deps.siteUrl}${AUTOPAY_PAGE}`;
  const checked = (input: Record<string, unknown>): Record<string, string> | undefined => {
    const fields: Record<string, string> = {};
    for (const name of BIND_FIELDS) {
      const value = input[name];
      if (typeof value !== 'string' || value.length > 500) return undefined;
      fields[name] = value;
    }
    if (fields['MNT_ID'] !== account.accountId || fields['MNT_SUBSCRIBER_ID'] !== fields['MNT_TRANSACTION_ID']) return undefined;
    if (requestSignature(account, fields['MNT_TRANSACTION_ID'] ?? '', fields['MNT_AMOUNT'] ?? '', fields['MNT_SUBSCRIBER_ID']) !== fields['MNT_SIGNATURE']) return undefined;
    if (!fields['MNT_SUCCESS_URL']?.startsWith(ours) || !fields['MNT_FAIL_URL']?.startsWith(ours)) return undefined;
    return fields;
  };
  const refused = () => html('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Ошибка запроса</title><h1>Запрос на привязку не принят</h1><p>Подпись запроса неверна или в нём не хватает полей.</p></html>', 400);

  // The Assistant's address is shared with payments: a request naming a subscriber is a binding.
  routes.get('/moneta/assistant', async (c, next) => {
    const input = queryInput(c);
    if (typeof input['MNT_SUBSCRIBER_ID'] !== 'string' || input['MNT_SUBSCRIBER_ID'] === '') return next();
    const fields = checked(input);
    return fields === undefined ? refused() : html(sandboxBindingPage({ gateway: 'moneta', action: 'bind', hidden: fields }));
  });

  routes.post('/moneta/bind', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const fields = checked(form);
    if (fields === undefined) return refused();
    if (form['action'] === 'cancel') return c.redirect(fields['MNT_FAIL_URL'] ?? deps.siteUrl, 303);
    const typed = typeof form['card'] === 'string' ? form['card'] : '';
    const behaviour = tokenCardBehaviour(typed);
    if (behaviour === undefined) return html(sandboxBindingPage({ gateway: 'moneta', action: 'bind', hidden: fields, error: 'Карта не принята: в тестовом шлюзе работают только тестовые карты из списка ниже' }));
    if (behaviour === 'refusesBinding') return c.redirect(fields['MNT_FAIL_URL'] ?? deps.siteUrl, 303);
    const exp = typeof form['exp'] === 'string' && /^\d{2}\/\d{2}$/.test(form['exp']) ? form['exp'] : '12/30';
    const operationId = String(randomInt(100_000_000, 999_999_999));
    await deps.db.insertInto('moneta_sandbox_tokens').values({ token: `sbx-${behaviour}-${randomBytes(12).toString('hex')}`, operation_id: operationId, subscriber_id: fields['MNT_SUBSCRIBER_ID'] ?? '', card: maskCard(typed), expiry: exp, active: true, created_at: deps.clock() }).execute();
    const notification = signedBindingNotification(account, fields['MNT_TRANSACTION_ID'] ?? '', operationId);
    await handleBindingNotification(deps, notification as unknown as Record<string, unknown>);
    return c.redirect(fields['MNT_SUCCESS_URL'] ?? deps.siteUrl, 303);
  });

  routes.post('/moneta/merchant-api', async (c) => {
    const message = (await c.req.json().catch(() => undefined)) as { Envelope?: { Header?: { Security?: { UsernameToken?: { Username?: unknown; Password?: unknown } } }; Body?: Record<string, Record<string, unknown>> } } | undefined;
    const login = message?.Envelope?.Header?.Security?.UsernameToken;
    if (login?.Username !== account.accountId || login?.Password !== account.integrityCode) return Response.json(merchantFault('Неверное имя пользователя или пароль'), { status: 400 });
    const body = message?.Envelope?.Body ?? {};
    const [name, request] = Object.entries(body)[0] ?? ['', {}];
    const now = deps.clock();
    if (name === 'GetOperationDetailsByIdRequest') {
      const row = await deps.db.selectFrom('moneta_sandbox_tokens').selectAll().where('operation_id', '=', String(request['value'] ?? '')).executeTakeFirst();
      if (row === undefined) return Response.json(merchantFault('Операция не найдена'), { status: 400 });
      return merchantReply('GetOperationDetailsById', { operation: { id: row.operation_id, attribute: [{ key: 'paymenttoken', value: row.token }, { key: 'cardnumber', value: row.card }, { key: 'cardexpiration', value: row.expiry }, { key: 'statusid', value: 'TAKENIN_NOTSENT' }] } });
    }
    if (name === 'CancelTransactionRequest') return merchantReply('CancelTransaction', { status: 'CANCELED' });
    if (name === 'DeletePaymentTokenRequest') {
      await deps.db.updateTable('moneta_sandbox_tokens').set({ active: false }).where('token', '=', String(request['paymentToken'] ?? '')).execute();
      return merchantReply('DeletePaymentToken', {});
    }
    if (name === 'PaymentRequest') {
      const attributes = ((request['operationInfo'] as { attribute?: { key?: string; value?: string }[] } | undefined)?.attribute ?? []);
      const token = attributes.find((a) => a.key === 'PAYMENTTOKEN')?.value ?? '';
      const clientTransaction = String(request['clientTransaction'] ?? '');
      const kopecks = monetaAmountKopecks(String(request['amount'] ?? ''));
      if (request['payee'] !== account.accountId || !/^[\w-]{1,64}$/.test(clientTransaction) || kopecks === undefined) return Response.json(merchantFault('Неверные поля запроса'), { status: 400 });
      const card = await deps.db.selectFrom('moneta_sandbox_tokens').selectAll().where('token', '=', token).where('active', '=', true).executeTakeFirst();
      if (card === undefined) return merchantReply('Payment', { transaction: String(randomInt(100_000_000, 999_999_999)), status: 'CANCELED', description: 'Токен карты не найден или удалён' });
      // One operation per clientTransaction: a repeat answers the first one's outcome.
      const earlier = await deps.db.selectFrom('moneta_sandbox_charges').selectAll().where('client_transaction', '=', clientTransaction).executeTakeFirst();
      if (earlier !== undefined) return merchantReply('Payment', { transaction: earlier.operation_id, status: earlier.status, clientTransaction });
      const behaviour = (card.token.split('-')[1] ?? 'pays') as TokenCardBehaviour;
      const before = await deps.db.selectFrom('moneta_sandbox_charges').select((eb) => eb.fn.countAll<string>().as('n')).where('token', '=', token).executeTakeFirstOrThrow();
      const declined = behaviour === 'declines' || (behaviour === 'declinesFirst' && Number(before.n) % 2 === 0);
      const status = declined ? 'CANCELED' : 'SUCCEED';
      const operationId = String(randomInt(100_000_000, 999_999_999));
      const inserted = await deps.db.insertInto('moneta_sandbox_charges').values({ client_transaction: clientTransaction, operation_id: operationId, token, amount_kopecks: kopecks, status, created_at: now }).onConflict((oc) => oc.column('client_transaction').doNothing()).returning('operation_id').executeTakeFirst();
      if (inserted === undefined) {
        const first = await deps.db.selectFrom('moneta_sandbox_charges').selectAll().where('client_transaction', '=', clientTransaction).executeTakeFirstOrThrow();
        return merchantReply('Payment', { transaction: first.operation_id, status: first.status, clientTransaction });
      }
      return merchantReply('Payment', { transaction: operationId, status, clientTransaction, ...(declined ? { description: 'Недостаточно средств на карте' } : {}) });
    }
    return Response.json(merchantFault('Неизвестный запрос'), { status: 400 });
  });

  return routes;
}
