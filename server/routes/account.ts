import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { EmailInput, NotifyInput } from '../../src/api/structs/account.ts';
import type { EmailReply } from '../../src/api/structs/account.ts';
import type { AppDeps } from '../appDeps.ts';
import { accountByEmail, pendingEmailOf, readUser, toAccountReply, updateUser } from '../accounts/accountStore.ts';
import type { UserRow } from '../accounts/accountStore.ts';
import { newEmailMail } from '../accounts/accountMails.ts';
import { issueToken } from '../accounts/mailTokens.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { enforceLimit, hashedSubject } from '../http/rateLimit.ts';

/** The signed-in user (GET /user) and their e-mail settings (spec §7 "Email"). */
export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();

  /** The user of the request; 401 when the row is gone (an erased account). */
  const userRow = async (c: Context<AppEnv>): Promise<UserRow> => {
    const user = await readUser(db, userOf(c));
    if (user === undefined) throw new ApiError(401, 'Сессия истекла, войдите снова');
    return user;
  };
  /** Only accounts (a confirmed e-mail) may change e-mail settings. */
  const requireAccount: MiddlewareHandler<AppEnv> = async (c, next) => {
    if ((await userRow(c)).email === null) throw new ApiError(403, 'Сначала войдите или зарегистрируйтесь по e-mail');
    await next();
  };
  /** The e-mail reply: the address, doNotify, and a new address waiting for its confirmation. */
  const emailReply = async (user: UserRow): Promise<EmailReply> => {
    const pendingEmail = await pendingEmailOf(db, user.id, clock());
    return { email: user.email, doNotify: user.do_notify, pendingEmail };
  };

  routes.get('/user', requireUser(deps), async (c) => ok(c, await toAccountReply(db, await userRow(c))));

  routes.get('/email', requireUser(deps), async (c) => ok(c, await emailReply(await userRow(c))));

  /** A new address is confirmed by a link sent to it; until then the old one stays. */
  const changeEmail = async (c: Context<AppEnv>) => {
    const input = parseInput(EmailInput, await bodyInput(c));
    const user = await userRow(c);
    if (input.email === user.email) return ok(c, await emailReply(user));
    await enforceLimit(c, deps.limiter, 'mail', hashedSubject(input.email), deps.authLimits.mailPerEmail);
    await enforceLimit(c, deps.limiter, 'mail', `user:${user.id}`, deps.authLimits.mailPerEmail);
    if ((await accountByEmail(db, input.email)) !== undefined) throw new ApiError(409, 'Этот e-mail уже занят другим аккаунтом');
    const token = await issueToken(db, { userId: user.id, purpose: 'email', email: input.email }, clock());
    await deps.mail.send(newEmailMail(input.email, deps.siteUrl, token)).catch(() => {
      throw new ApiError(503, 'Не удалось отправить письмо. Попробуйте через несколько минут');
    });
    return ok(c, await emailReply(user));
  };
  routes.post('/email', requireUser(deps), requireAccount, changeEmail);
  routes.post('/email/edit', requireUser(deps), requireAccount, changeEmail);

  routes.post('/email/notify', requireUser(deps), requireAccount, async (c) => {
    const input = parseInput(NotifyInput, await bodyInput(c));
    const user = await userRow(c);
    await updateUser(db, user.id, { do_notify: input.doNotify });
    return ok(c, await emailReply({ ...user, do_notify: input.doNotify }));
  });

  return routes;
}
