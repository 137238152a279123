import { Hono } from 'hono';
import type { Context } from 'hono';
import { CashbackInput, MultiPaymentInput, PaymentCancelInput, PaymentInfoQuery, PaymentInput } from '../../src/api/structs/payment.ts';
import { offeredSystems } from '../payments/settings.ts';
import { IdList } from '../../src/api/structs/fields.ts';
import { formatKopecks } from '../../src/lib/paymentTotals.ts';
import type { AppDeps } from '../appDeps.ts';
import { readableFines } from '../fines/fineQueries.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { addressSubject, clientAddress, enforceLimit } from '../http/rateLimit.ts';
import { anyInput, bodyInput, parseInput, queryInput } from '../http/input.ts';
import { isAuthentic, paymentRedirectUrl, readNotification } from '../payments/gateways/moneta/protocol.ts';
import { handleMonetaNotification } from '../payments/monetaNotifications.ts';
import { A3_SIGNATURE_HEADER, A3Error, createOrder, signedJson } from '../payments/gateways/a3/protocol.ts';
import { handleA3Callback } from '../payments/a3Results.ts';
import { closeUnpaid, createPayment, ownPayment, recordPaymentEvent } from '../payments/paymentStore.ts';
import { quoteFines } from '../payments/quote.ts';
import { requestCashback } from '../payments/cashbackStore.ts';
import '../payments/personalData.ts';
import { paymentState, receiptOf } from '../payments/paymentView.ts';

/** The recipient type of a payment call: fines are paid here; anything but fines|taxes is the spec's error. */
function finesOnly(type: unknown): void {
  if (type === undefined || type === 'fines' || type === 'fine') return;
  if (type === 'taxes' || type === 'tax') throw new ApiError(400, 'Оплата налогов пока недоступна: оплатите налог по УИН в банке или на Госуслугах');
  throw new ApiError(400, 'Invalid recipient type');
}

/** Payments of fines (issue 16): quote, payee, start, state, cancel, receipt, moneta's Pay URL and A3's callback. */
export function paymentRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  routes.get('/payment/info', signedIn, async (c) => {
    const query = parseInput(PaymentInfoQuery, queryInput(c), 400);
    finesOnly(query.type);
    const ids = query.fineIds ?? (query.fineId === undefined ? undefined : [query.fineId]);
    if (ids === undefined) throw new ApiError(400, 'Поле «fineId» обязательно для заполнения');
    const quote = await quoteFines(deps, userOf(c), ids, deps.payments.commission);
    return ok(c, {
      items: quote.items.map((item) => ({ fineId: item.fineId, uin: item.uin, title: item.title, article: item.article, fullAmount: item.fullKopecks, amountToPay: item.amountKopecks, discountActive: item.discountActive, discountEndsAt: item.discountLastDay })),
      amount: quote.totals.amountKopecks,
      commission: quote.totals.commissionKopecks,
      total: quote.totals.totalKopecks,
      commissionRule: deps.payments.commission,
      paymentSystems: offeredSystems(deps.payments),
    });
  });

  routes.get('/payee/info/:ids/:type', signedIn, async (c) => {
    const ids = parseInput(IdList, c.req.param('ids'), 400);
    finesOnly(c.req.param('type'));
    const found = await readableFines(deps, userOf(c), ids);
    if (found.length !== new Set(ids).size) throw notFound();
    return ok(c, { items: found.map(({ fine }) => ({ fineId: fine.id, uin: fine.uin, payee: fine.payee })) });
  });

  /** Starts a payment of these fines for the payer, at the amount the page showed; answers where to send them. */
  const start = async (c: Context<AppEnv>, fineIds: readonly number[], input: { paymentSystem: string; email: string; fio: string; total?: number | undefined }) => {
    const paymentSystem = offeredSystems(deps.payments).find((system) => system === input.paymentSystem);
    if (paymentSystem === undefined) throw new ApiError(400, 'Платежная система не поддерживается');
    const quote = await quoteFines(deps, userOf(c), fineIds, deps.payments.commission);
    if (input.total !== undefined && input.total !== quote.totals.totalKopecks) {
      throw new ApiError(409, `Сумма к оплате изменилась: теперь ${formatKopecks(quote.totals.totalKopecks)}. Проверьте её и подтвердите оплату ещё раз`);
    }
    const payment = await createPayment(db, { userId: userOf(c), email: input.email, payer: { fio: input.fio }, quote, now: clock(), paymentSystem });
    const back = (page: string) => `${deps.siteUrl}/prepayment/${page}/?paymentId=${payment.id}`;
    const description = quote.items.length === 1 ? `Оплата штрафа ${quote.items[0]?.uin ?? ''}` : `Оплата штрафов: ${quote.items.length}`;
    const { a3 } = deps.payments;
    if (paymentSystem === 'A3' && a3 !== undefined) {
      try {
        const order = await createOrder(a3.merchant, a3.fetch, {
          orderId: payment.id,
          amount: quote.totals.totalKopecks,
          description,
          returnUrl: back('wait'),
          failUrl: back('error'),
          callbackUrl: `${deps.apiUrl}/105/api/payment/a3/callback`,
        });
        await recordPaymentEvent(db, payment.id, 'a3.order', 'created', clock());
        return ok(c, { paymentId: payment.id, redirectUrl: order.formUrl });
      } catch (error) {
        if (!(error instanceof A3Error)) throw error;
        await closeUnpaid(db, payment.id, 'error', 'Платёжная система A3 не ответила: деньги не списаны', clock());
        await recordPaymentEvent(db, payment.id, 'a3.order', 'failed', clock());
        throw new ApiError(502, 'Платёжная система A3 сейчас недоступна: попробуйте позже или выберите moneta');
      }
    }
    const { moneta } = deps.payments;
    const redirectUrl = paymentRedirectUrl(moneta.assistantUrl, moneta.account, {
      transactionId: payment.id,
      amountKopecks: quote.totals.totalKopecks,
      description,
      successUrl: back('wait'),
      inProgressUrl: back('wait'),
      failUrl: back('error'),
      returnUrl: back('error'),
    });
    return ok(c, { paymentId: payment.id, redirectUrl });
  };

  routes.post('/payment', signedIn, async (c) => {
    const input = parseInput(PaymentInput, await bodyInput(c));
    return start(c, [input.fineId], input);
  });

  routes.post('/multipayment', signedIn, async (c) => {
    const input = parseInput(MultiPaymentInput, await bodyInput(c));
    return start(c, input.fineIds, input);
  });

  routes.post('/payment/cancel', signedIn, async (c) => {
    const input = parseInput(PaymentCancelInput, await anyInput(c), 400);
    finesOnly(input.type);
    const payment = await ownPayment(db, userOf(c), input.paymentId);
    if (payment === undefined) throw new ApiError(404, 'Платёж не найден');
    if (payment.status === 'cancelled') return ok(c, { status: 'cancelled' });
    if (!(await closeUnpaid(db, payment.id, 'cancelled', 'Платёж отменён', clock()))) throw new ApiError(409, 'Платёж уже завершён: отменить его нельзя');
    await recordPaymentEvent(db, payment.id, 'cancel', 'cancelled', clock());
    return ok(c, { status: 'cancelled' });
  });

  routes.get('/payment/receipt/:hash', async (c) => {
    const hash = c.req.param('hash');
    const receipt = /^[A-Za-z0-9_-]{22}$/.test(hash) ? await receiptOf(db, hash) : undefined;
    if (receipt === undefined) throw new ApiError(404, 'Квитанция не найдена');
    return ok(c, receipt);
  });

  // moneta's Pay URL (GET or POST, form fields): not JSON, answered as the protocol wants.
  routes.on(['GET', 'POST'], '/payment/moneta/notify', async (c) => {
    const input = c.req.method === 'GET' ? queryInput(c) : await bodyInput(c).catch(() => ({}));
    // Genuine notifications are never limited; forged ones (checked without touching the database)
    // are, per address, so a flood of them cannot fill the event log.
    const notification = readNotification(input);
    if (notification === undefined || !isAuthentic(notification, deps.payments.moneta.account)) {
      await enforceLimit(c, deps.limiter, 'monetaForged', addressSubject(clientAddress(c, deps.trustProxy)), { limit: 60, windowMs: 60_000 });
    }
    const reply = await handleMonetaNotification(deps, input);
    return c.body(reply.body, 200, { 'Content-Type': reply.contentType });
  });

  // A3's callback: a signed JSON body, answered with a signed JSON verdict (200 taken into account, 400 refused).
  routes.post('/payment/a3/callback', async (c) => {
    const a3 = deps.payments.a3;
    if (a3 === undefined) throw notFound();
    const body = await c.req.text().catch(() => '');
    const reply = await handleA3Callback(deps, a3, body.slice(0, 10_000), c.req.header(A3_SIGNATURE_HEADER) ?? null);
    if (reply.outcome === 'bad-signature' || reply.outcome === 'malformed') {
      await enforceLimit(c, deps.limiter, 'a3Forged', addressSubject(clientAddress(c, deps.trustProxy)), { limit: 60, windowMs: 60_000 });
    }
    return signedJson(a3.merchant.secret, { result: reply.accepted ? 'ok' : 'error' }, reply.accepted ? 200 : 400);
  });

  // Cashback request (spec §3): only the payer of a paid payment, once, within the programme's days.
  routes.patch('/order/:paymentId', signedIn, async (c) => {
    const id = c.req.param('paymentId');
    const payment = /^[0-9a-f]{32}$/.test(id) ? await ownPayment(db, userOf(c), id) : undefined;
    if (payment === undefined) throw new ApiError(404, 'Платёж не найден');
    const input = parseInput(CashbackInput, await bodyInput(c));
    const createdAt = await requestCashback(db, payment, { email: input.email, description: input.description?.trim() ?? '' }, clock());
    return ok(c, { requested: true, createdAt: createdAt.toISOString() });
  });

  routes.get('/payment/:paymentId', signedIn, async (c) => {
    const id = c.req.param('paymentId');
    const payment = /^[0-9a-f]{32}$/.test(id) ? await ownPayment(db, userOf(c), id) : undefined;
    if (payment === undefined) throw new ApiError(404, 'Платёж не найден');
    return ok(c, await paymentState(db, payment));
  });

  return routes;
}
