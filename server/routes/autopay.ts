import { Hono } from 'hono';
import { AutopayCancelInput, AutopayRuleInput } from '../../src/api/structs/autopay.ts';
import type { AppDeps } from '../appDeps.ts';
import { readUser } from '../accounts/accountStore.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import { handleA3BindingCallback } from '../payments/autopay/a3Binding.ts';
import { A3_SIGNATURE_HEADER, signedJson } from '../payments/gateways/a3/protocol.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { addressSubject, clientAddress, enforceLimit } from '../http/rateLimit.ts';
import { pathId } from '../http/pathId.ts';
import { autopayState, userDocuments } from '../payments/autopay/autopayState.ts';
import { startCardBinding } from '../payments/autopay/binding.ts';
import { readCancelToken } from '../payments/autopay/cancelLinks.ts';
import { boundCard } from '../payments/autopay/cardStore.ts';
import { cancelCharge, chargeNow, ownCharge, readCharge } from '../payments/autopay/chargeStore.ts';
import { chargeOne, runAutopay } from '../payments/autopay/runCharges.ts';
import { deleteRule, hasAnyRule, saveRule } from '../payments/autopay/ruleStore.ts';
import { scheduleNewFines } from '../payments/autopay/scheduleFines.ts';
import { scheduleFleetFines } from '../payments/autopay/fleetSchedule.ts';
import { dropCard } from '../payments/autopay/tokenRemovals.ts';
import '../payments/autopay/personalData.ts';

/** Автооплата: the card, the documents and their limits, the scheduled fines; the mailed cancel link; the sandbox's «run now». */
export function autopayRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const now = () => deps.clock();

  // The mailed link: no sign-in; the signed token names one charge of one user.
  routes.post('/autopay/cancel', async (c) => {
    const input = parseInput(AutopayCancelInput, await bodyInput(c), 400);
    const read = readCancelToken(deps.notifySecret, input.token, now());
    if ('problem' in read) throw read.problem === 'expired' ? new ApiError(410, 'Ссылка устарела. Управлять автооплатой можно в профиле') : new ApiError(400, 'Ссылка повреждена или не от нас. Управлять автооплатой можно в профиле');
    const charge = await readCharge(deps.db, read.chargeId);
    if (charge === undefined || charge.user_id !== read.userId) throw new ApiError(404, 'Автооплата этого штрафа не найдена');
    const cancelled = await cancelCharge(deps.db, charge.id, 'cancelled', 'Отменено по ссылке из письма', now());
    const after = (await readCharge(deps.db, charge.id)) ?? charge;
    return ok(c, { uin: charge.uin, amountKopecks: Number(charge.amount_kopecks), cancelled, status: after.status });
  });

  // A3's callback about a card binding (signed; the token is then asked from A3, never read from it).
  routes.post('/autopay/a3/callback', async (c) => {
    const a3 = deps.payments.a3;
    if (a3 === undefined) throw notFound();
    const body = await c.req.text().catch(() => '');
    const reply = await handleA3BindingCallback(deps, a3, body.slice(0, 10_000), c.req.header(A3_SIGNATURE_HEADER) ?? null);
    if (reply.outcome === 'bad-signature' || reply.outcome === 'malformed') {
      await enforceLimit(c, deps.limiter, 'a3Forged', addressSubject(clientAddress(c, deps.trustProxy)), { limit: 60, windowMs: 60_000 });
    }
    return signedJson(a3.merchant.secret, { result: reply.accepted ? 'ok' : 'error' }, reply.accepted ? 200 : 400);
  });

  routes.use('/autopay', requireUser(deps));
  routes.use('/autopay/*', requireUser(deps));

  routes.get('/autopay', async (c) => ok(c, await autopayState(deps, userOf(c))));

  routes.post('/autopay/card', async (c) => {
    const user = await readUser(deps.db, userOf(c));
    if (user?.email === null || user?.email_confirmed_at === null || user === undefined) throw new ApiError(403, 'Подтвердите e-mail: о каждом списании мы сообщаем письмом');
    return ok(c, { redirectUrl: await startCardBinding(deps, user.id) });
  });

  routes.delete('/autopay/card', async (c) => {
    await dropCard(deps, userOf(c), 'Карта отвязана');
    return ok(c, await autopayState(deps, userOf(c)));
  });

  routes.put('/autopay/rule', async (c) => {
    const userId = userOf(c);
    const input = parseInput(AutopayRuleInput, await bodyInput(c));
    if ((await boundCard(deps.db, userId)) === undefined) throw new ApiError(409, 'Сначала привяжите карту');
    const document = (await userDocuments(deps, userId)).find((d) => d.documentKind === input.documentKind && d.documentId === input.documentId);
    if (document === undefined) throw new ApiError(404, 'Документ не найден');
    await saveRule(deps.db, { userId, documentKind: input.documentKind, documentId: input.documentId, subjectKey: deps.fines.subjectKey(document.subject), subject: document.subject, maxFineKopecks: input.maxFineRub * 100, monthlyKopecks: input.monthlyRub * 100 }, now());
    return ok(c, await autopayState(deps, userId));
  });

  routes.delete('/autopay/rule/:id', async (c) => {
    const userId = userOf(c);
    const deleted = await deps.db.transaction().execute((tx) => deleteRule(tx, userId, pathId(c), now()));
    if (!deleted) throw new ApiError(404, 'Автооплата для этого документа не включена');
    // Off for the last document (and no fleet paid by it): the card is not needed any more, its token goes too.
    if (!(await hasAnyRule(deps.db, userId))) await dropCard(deps, userId, 'Автооплата выключена');
    return ok(c, await autopayState(deps, userId));
  });

  routes.post('/autopay/charge/:id/skip', async (c) => {
    const userId = userOf(c);
    const charge = await ownCharge(deps.db, userId, pathId(c));
    if (charge === undefined) throw new ApiError(404, 'Штраф в автооплате не найден');
    if (!(await cancelCharge(deps.db, charge.id, 'skipped', 'Пропущен в профиле', now()))) throw new ApiError(409, 'Этот штраф уже не ждёт автооплаты');
    return ok(c, await autopayState(deps, userId));
  });

  routes.post('/autopay/charge/:id/pay', async (c) => {
    const userId = userOf(c);
    const charge = await ownCharge(deps.db, userId, pathId(c));
    if (charge === undefined) throw new ApiError(404, 'Штраф в автооплате не найден');
    if (!(await chargeNow(deps.db, userId, charge.id, now()))) throw new ApiError(409, 'Этот штраф уже не ждёт автооплаты');
    await chargeOne(deps, charge.id);
    return ok(c, await autopayState(deps, userId));
  });

  if (deps.sandboxControl) {
    // The autopay job's run now (after the re-check found fines), so the whole path can be tried without waiting.
    routes.post('/sandbox/autopay/run', async (c) => ok(c, { scheduled: (await scheduleNewFines(deps)) + (await scheduleFleetFines(deps)), ...(await runAutopay(deps)) }));
  }

  return routes;
}
