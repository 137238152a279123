import { Hono } from 'hono';
import type { Context } from 'hono';
import { is } from 'superstruct';
import { CashbackInput, MultiPaymentInput, PaymentCancelInput, PaymentInfoQuery, PaymentInput, TaxPaymentInput, TaxUin } from '../../src/api/structs/payment.ts';
import type { PaymentQuote, UnfinishedPayments } from '../../src/api/structs/payment.ts';
import type { Quote } from '../payments/quote.ts';
import { quoteTaxes, taxByUin } from '../payments/taxQuote.ts';
import { gatewayOrder, holdMsOf, offeredSystems } from '../payments/settings.ts';
import { IdList } from '../../src/api/structs/fields.ts';
import { formatKopecks } from '../../src/lib/paymentTotals.ts';
import type { AppDeps } from '../appDeps.ts';
import { payableFines } from '../payments/payableFines.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { addressSubject, clientAddress, enforceLimit } from '../http/rateLimit.ts';
import { anyInput, bodyInput, parseInput, queryInput } from '../http/input.ts';
import { isAuthentic, readNotification } from '../payments/gateways/moneta/protocol.ts';
import { handleMonetaNotification } from '../payments/monetaNotifications.ts';
import { A3_SIGNATURE_HEADER, signedJson } from '../payments/gateways/a3/protocol.ts';
import { handleA3Callback } from '../payments/a3Results.ts';
import { closeUnpaid, createPayment, ownPayment, recordPaymentEvent } from '../payments/paymentStore.ts';
import { quoteFines } from '../payments/quote.ts';
import { requestCashback } from '../payments/cashbackStore.ts';
import '../payments/personalData.ts';
import { handleBindingNotification } from '../payments/autopay/binding.ts';
import { isBindingNotification } from '../payments/autopay/gateways/monetaRecurring.ts';
import { paymentState, receiptOf, unfinishedView } from '../payments/paymentView.ts';
import { openAtGateway } from '../payments/gatewayStart.ts';
import { expireIfDue, holdMinutes } from '../payments/holds.ts';
import { knownPayer, ownUnfinished } from '../payments/unfinished.ts';
import { openSbp, refreshSbp } from '../payments/sbp/sbpStart.ts';
import { ensureNotPaidYet } from '../payments/payOnce.ts';
import { paymentTotals } from '../../src/lib/paymentTotals.ts';
import type { CommissionRule } from '../../src/lib/paymentTotals.ts';

/** The recipient type of a payment call (spec §5): fines or taxes; anything else is the spec's error. */
function recipientOf(type: unknown): 'fines' | 'taxes' {
  if (type === undefined || type === 'fines' || type === 'fine') return 'fines';
  if (type === 'taxes' || type === 'tax') return 'taxes';
  throw new ApiError(400, 'Invalid recipient type');
}

/** The СБП option of a quote: the same fines under СБП's own commission. */
function sbpQuote(quote: Quote, rule: CommissionRule) {
  const totals = paymentTotals(quote.items, rule);
  return { commissionRule: rule, commission: totals.commissionKopecks, total: totals.totalKopecks };
}

/** Payments of fines (issue 16): quote, payee, start, state, cancel, receipt, moneta's Pay URL and A3's callback. */
export function paymentRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  routes.get('/payment/info', signedIn, async (c) => {
    const query = parseInput(PaymentInfoQuery, queryInput(c), 400);
    let quote: Quote;
    if (recipientOf(query.type) === 'taxes') {
      if (query.uin === undefined) throw new ApiError(400, 'Поле «uin» обязательно для заполнения');
      quote = await quoteTaxes(deps, [query.uin], deps.payments.commission);
    } else {
      const ids = query.fineIds ?? (query.fineId === undefined ? undefined : [query.fineId]);
      if (ids === undefined) throw new ApiError(400, 'Поле «fineId» обязательно для заполнения');
      quote = await quoteFines(deps, userOf(c), ids, deps.payments.commission);
    }
    const now = clock();
    const own = await ownUnfinished(deps, userOf(c), now);
    const uins = new Set(quote.items.map((item) => item.uin));
    const unfinished = own.find(({ items }) => items.some((item) => uins.has(item.uin)));
    return ok(c, {
      items: quote.items.map((item) => ({
        fineId: item.fineId,
        uin: item.uin,
        title: item.title,
        article: item.article,
        fullAmount: item.fullKopecks,
        amountToPay: item.amountKopecks,
        fullAmountKopecks: item.fullKopecks,
        amountToPayKopecks: item.amountKopecks,
        discountActive: item.discountActive,
        discountEndsAt: item.discountLastDay,
      })),
      amount: quote.totals.amountKopecks,
      commission: quote.totals.commissionKopecks,
      total: quote.totals.totalKopecks,
      amountKopecks: quote.totals.amountKopecks,
      commissionKopecks: quote.totals.commissionKopecks,
      totalKopecks: quote.totals.totalKopecks,
      commissionRule: deps.payments.commission,
      paymentSystems: offeredSystems(deps.payments),
      unfinished: unfinished === undefined ? null : unfinishedView(unfinished.payment, unfinished.items, now, holdMsOf(deps.payments)),
      payer: await knownPayer(db, userOf(c)),
      sbp: deps.payments.sbp === undefined ? null : sbpQuote(quote, deps.payments.sbp.commission),
    } satisfies PaymentQuote);
  });

  // The user's unfinished payments (the fine page and the lists offer to continue or cancel them), with
  // the commission rule the lists show beside each amount.
  routes.get('/payment/unfinished', signedIn, async (c) => {
    const now = clock();
    const holdMs = holdMsOf(deps.payments);
    const own = await ownUnfinished(deps, userOf(c), now);
    return ok(c, {
      commissionRule: deps.payments.commission,
      holdMinutes: holdMinutes(holdMs),
      payments: own.map(({ payment, items }) => unfinishedView(payment, items, now, holdMs)),
    } satisfies UnfinishedPayments);
  });

  routes.get('/payee/info/:ids/:type', signedIn, async (c) => {
    if (recipientOf(c.req.param('type')) === 'taxes') {
      const uins = c.req.param('ids').split(',');
      if (uins.length > 20 || !uins.every((uin) => is(uin, TaxUin))) throw new ApiError(400, 'Некорректный УИН начисления');
      const taxes = await Promise.all(uins.map((uin) => taxByUin(deps, uin)));
      if (taxes.some((tax) => tax === undefined)) throw notFound();
      return ok(c, { items: taxes.flatMap((tax) => (tax === undefined ? [] : [{ fineId: null, uin: tax.uin, payee: tax.payee }])) });
    }
    const ids = parseInput(IdList, c.req.param('ids'), 400);
    const found = await payableFines(deps, userOf(c), [...new Set(ids)]);
    if (found.length !== new Set(ids).size) throw notFound();
    return ok(c, { items: found.map(({ fine }) => ({ fineId: fine.id, uin: fine.uin, payee: fine.payee })) });
  });

  /**
   * Starts a payment of these fines for the payer, at the amount the page showed, and answers where to
   * send them. The site names no payment system: the service tries its gateways in order (the primary,
   * then the fallback); an app may still name one (spec §5), and then only that one is tried.
   */
  const start = async (c: Context<AppEnv>, quoteNow: (rule: CommissionRule) => Promise<Quote>, input: { paymentSystem?: string | undefined; email: string; fio: string; total?: number | undefined; method?: 'card' | 'sbp' | undefined }, fineIds?: readonly number[]) => {
    const sbp = input.method === 'sbp' ? deps.payments.sbp : undefined;
    if (input.method === 'sbp' && sbp === undefined) throw new ApiError(400, 'Оплата по СБП сейчас не подключена: оплатите картой');
    // Pay once (issue 25): nothing starts for a fine paid already, here or as the source knows.
    if (fineIds !== undefined) await ensureNotPaidYet(deps, userOf(c), fineIds);
    const named = input.paymentSystem === undefined ? undefined : offeredSystems(deps.payments).find((system) => system === input.paymentSystem);
    if (input.paymentSystem !== undefined && named === undefined) throw new ApiError(400, 'Платежная система не поддерживается');
    const systems = named === undefined ? gatewayOrder(deps.payments) : [named];
    const quote = await quoteNow(sbp?.commission ?? deps.payments.commission);
    if (input.total !== undefined && input.total !== quote.totals.totalKopecks) {
      throw new ApiError(409, `Сумма к оплате изменилась: теперь ${formatKopecks(quote.totals.totalKopecks)}. Проверьте её и подтвердите оплату ещё раз`);
    }
    const payment = await createPayment(db, { userId: userOf(c), email: input.email, payer: { fio: input.fio }, quote, now: clock(), paymentSystem: sbp === undefined ? (systems[0] ?? 'moneta') : 'moneta', holdMs: holdMsOf(deps.payments) });
    const what = quote.recipient === 'taxes' ? ['налога', 'налогов'] : ['штрафа', 'штрафов'];
    const description = quote.items.length === 1 ? `Оплата ${what[0]} ${quote.items[0]?.uin ?? ''}` : `Оплата ${what[1]}: ${quote.items.length}`;
    const request = { paymentId: payment.id, totalKopecks: quote.totals.totalKopecks, description };
    const redirectUrl = sbp === undefined ? await openAtGateway(deps, systems, request) : await openSbp(deps, sbp, request);
    if (redirectUrl === undefined && sbp !== undefined) throw new ApiError(502, 'СБП сейчас недоступна: деньги не списаны. Попробуйте через несколько минут или оплатите картой');
    if (redirectUrl === undefined) {
      throw new ApiError(502, named === 'A3' ? 'Платёжная система A3 сейчас недоступна: попробуйте позже или выберите moneta' : 'Платёжная система сейчас недоступна: деньги не списаны. Попробуйте через несколько минут');
    }
    return ok(c, { paymentId: payment.id, redirectUrl });
  };

  routes.post('/payment', signedIn, async (c) => {
    const body = await bodyInput(c);
    if (recipientOf(body['type']) === 'taxes') {
      const input = parseInput(TaxPaymentInput, body);
      return start(c, (rule) => quoteTaxes(deps, [input.uin], rule), input);
    }
    const input = parseInput(PaymentInput, body);
    return start(c, (rule) => quoteFines(deps, userOf(c), [input.fineId], rule), input, [input.fineId]);
  });

  routes.post('/multipayment', signedIn, async (c) => {
    const input = parseInput(MultiPaymentInput, await bodyInput(c));
    return start(c, (rule) => quoteFines(deps, userOf(c), input.fineIds, rule), input, input.fineIds);
  });

  routes.post('/payment/cancel', signedIn, async (c) => {
    const input = parseInput(PaymentCancelInput, await anyInput(c), 400);
    recipientOf(input.type);
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
    // A card binding for autopay (it names a subscriber) has its own checks and handler.
    if (isBindingNotification(input)) {
      const reply = await handleBindingNotification(deps, input);
      return c.body(reply.body, 200, { 'Content-Type': reply.contentType });
    }
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
    const found = /^[0-9a-f]{32}$/.test(id) ? await ownPayment(db, userOf(c), id) : undefined;
    if (found === undefined) throw new ApiError(404, 'Платёж не найден');
    const now = clock();
    const holdMs = holdMsOf(deps.payments);
    // A payment past its hold is closed when it is looked at, not only by the job: the wait page learns at once.
    const payment = await expireIfDue(db, await refreshSbp(deps, found), now, holdMs);
    return ok(c, await paymentState(db, payment, { now, holdMs }));
  });

  return routes;
}
