import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  NotifyTokenInput,
  PushSubscribeInput,
  PushUnsubscribeInput,
  SandboxFineInput,
} from '../../src/api/structs/notifications.ts';
import { maskEmail } from '../../src/lib/email.ts';
import type { AppDeps } from '../appDeps.ts';
import { readUser, updateUser } from '../accounts/accountStore.ts';
import { removePushSubscription, savePushSubscription } from '../notifications/pushSubscriptions.ts';
import { todayOf } from '../fines/fineStore.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../http/input.ts';
import { makeNotifyToken, readNotifyToken } from '../notifications/notifyTokens.ts';
import type { TokenPurpose } from '../notifications/notifyTokens.ts';
import { runDiscountReminders, runRecheck } from '../notifications/runRecheck.ts';
import { sandboxRulingDate } from '../notifications/sandboxRulingDate.ts';
import { sandboxSubject } from '../notifications/sandboxSubject.ts';

/** Notification choices by mailed link (no session), web push subscriptions, and the sandbox controls. */
export function notificationRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();

  /** Turns notifications off (unsubscribe) or on (subscribe) for the user a signed link names. */
  const choose = (purpose: TokenPurpose) => async (c: Context<AppEnv>) => {
    const input = parseInput(NotifyTokenInput, { ...queryInput(c), ...(await bodyInput(c)) }, 400);
    const read = readNotifyToken(deps.notifySecret, input.token, purpose, clock());
    if ('problem' in read) {
      throw read.problem === 'expired'
        ? new ApiError(410, 'Ссылка устарела. Управлять уведомлениями можно в профиле')
        : new ApiError(400, 'Ссылка повреждена или не от нас. Управлять уведомлениями можно в профиле');
    }
    const user = await readUser(db, read.userId);
    if (user === undefined || user.email === null) throw new ApiError(404, 'Аккаунт не найден: возможно, он удалён');
    const doNotify = purpose === 'subscribe' ? 1 : 0;
    await updateUser(db, user.id, { do_notify: doNotify });
    const undo = makeNotifyToken(deps.notifySecret, user.id, purpose === 'subscribe' ? 'unsubscribe' : 'subscribe', clock());
    return ok(c, { email: maskEmail(user.email), doNotify, undoToken: undo });
  };
  routes.post('/email/unsubscribe', choose('unsubscribe'));
  routes.post('/email/subscribe', choose('subscribe'));

  routes.get('/push/key', (c) => {
    if (deps.push === undefined) throw new ApiError(404, 'Push-уведомления не настроены');
    return ok(c, { publicKey: deps.push.publicKey });
  });

  routes.post('/push/subscribe', requireUser(deps), async (c) => {
    if (deps.push === undefined) throw new ApiError(404, 'Push-уведомления не настроены');
    const input = parseInput(PushSubscribeInput, await bodyInput(c));
    const user = await readUser(db, userOf(c));
    if (user === undefined || user.email === null) throw new ApiError(403, 'Сначала войдите или зарегистрируйтесь по e-mail');
    // The server will connect to this address: only a public https push service is kept.
    const problem = await deps.push.checkEndpoint(input.endpoint);
    if (problem !== undefined) throw new ApiError(400, problem);
    const id = await savePushSubscription(db, user.id, { endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth }, clock());
    return ok(c, { id });
  });

  routes.post('/push/unsubscribe', requireUser(deps), async (c) => {
    const input = parseInput(PushUnsubscribeInput, await bodyInput(c));
    return ok(c, { deleted: await removePushSubscription(db, userOf(c), input.endpoint) });
  });

  if (deps.sandboxControl) {
    routes.post('/sandbox/fines', async (c) => {
      const input = parseInput(SandboxFineInput, await bodyInput(c));
      const subject = sandboxSubject(input);
      const today = todayOf(deps);
      // A ruling dated in the past lets its discount run out soon: the reminder can be tried at once.
      const rulingDate = sandboxRulingDate(input.rulingDate, today);
      if (deps.fines.addFine === undefined) throw new ApiError(404, 'Источник штрафов не песочница');
      const fine = await deps.fines.addFine(subject, today, {
        ...(input.amount === undefined ? {} : { amount: Number(input.amount) }),
        ...(input.article === undefined ? {} : { article: input.article }),
        ...(rulingDate === undefined ? {} : { rulingDate }),
      });
      return ok(c, { uin: fine.uin, subjectKey: deps.fines.subjectKey(subject) });
    });
    routes.post('/sandbox/recheck', async (c) => ok(c, await runRecheck(deps, { all: true, limit: 100_000 })));
    // The hourly reminder job's run now, so a reminder can be watched without waiting for the hour.
    routes.post('/sandbox/reminders', async (c) => ok(c, await runDiscountReminders(deps)));
  }

  return routes;
}
