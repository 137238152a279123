import type { Context } from 'hono';
import { Hono } from 'hono';
import { LoginInput, LogoutInput, PasswordChangeInput, PasswordResetInput, RegisterInput, EmailQuery, SendAuthInput } from '../../src/api/structs/account.ts';
import { passwordProblem } from '../../src/lib/password.ts';
import { parsePlatform } from '../../src/lib/platform.ts';
import { CONSENT_PURPOSE } from '../../src/lib/consent.ts';
import { recordConsent } from '../privacy/consents.ts';
import type { Platform } from '../../src/lib/platform.ts';
import type { AppDeps } from '../appDeps.ts';
import { accountByEmail, readUser, updateUser } from '../accounts/accountStore.ts';
import { alreadyRegisteredMail, registrationMail, resetMail, signInMail } from '../accounts/accountMails.ts';
import { endLinks, issueToken } from '../accounts/mailTokens.ts';
import { acceptDeviceMerge } from '../accounts/deviceMerge.ts';
import { MergeInput } from '../../src/api/structs/identityLinks.ts';
import { checkPassword, hashPassword, needsRehash } from '../accounts/passwords.ts';
import { revokeSessions } from '../accounts/sessions.ts';
import { openAccountSession, signInWithToken } from '../accounts/signIn.ts';
import { resetPassword } from '../accounts/passwordReset.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { optionalUser, requireUser, sessionHashOf, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../http/input.ts';
import { addressSubject, clientAddress, enforceLimit, hashedSubject } from '../http/rateLimit.ts';
import type { LimitRule } from '../http/rateLimit.ts';

/** Registration, sign-in (password or mailed link), sign-out, password reset and change (spec §7 "User and auth"). */
export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock, authLimits: limits } = deps;
  const routes = new Hono<AppEnv>();
  const byAddress = (c: Context, name: string, rule: LimitRule) =>
    enforceLimit(c, deps.limiter, name, addressSubject(clientAddress(c, deps.trustProxy)), rule);
  const byEmail = (c: Context, name: string, email: string, rule: LimitRule) => enforceLimit(c, deps.limiter, name, hashedSubject(email), rule);
  /** The platform a sign-in is for (spec §5: web by default; anything else is refused). */
  const platformOf = (value: unknown): Platform => {
    const platform = parsePlatform(value);
    if (platform === undefined) throw new ApiError(400, 'Некорректная платформа');
    return platform;
  };

  routes.post('/user/register', requireUser(deps), async (c) => {
    const input = parseInput(RegisterInput, await bodyInput(c));
    await byAddress(c, 'mail', limits.mailPerAddress);
    await byEmail(c, 'mail', input.email, limits.mailPerEmail);
    const userId = userOf(c);
    const user = await readUser(db, userId);
    if (user?.email != null) throw new ApiError(409, 'Вы уже вошли в аккаунт. Чтобы зарегистрировать другой e-mail, сначала выйдите');
    const owner = await accountByEmail(db, input.email);
    const now = clock();
    // The consent asked on the form, with the version of the text the visitor saw (152-ФЗ art. 9).
    if (input.consentVersion !== undefined) await recordConsent(db, userId, CONSENT_PURPOSE, input.consentVersion, now);
    if (owner !== undefined) {
      const token = await issueToken(db, { userId: owner.id, purpose: 'login', email: input.email }, now);
      deps.mail.sendLater(alreadyRegisteredMail(input.email, deps.siteUrl, token));
    } else {
      const isLegalEntity = input.isLegalEntity === 1;
      const token = await issueToken(db, { userId, purpose: 'register', email: input.email, isLegalEntity }, now);
      deps.mail.sendLater(registrationMail(input.email, deps.siteUrl, token, isLegalEntity));
    }
    return ok(c, { userId, email: input.email });
  });

  routes.post('/login', optionalUser(deps, { ignoreInvalid: true }), async (c) => {
    const body = await bodyInput(c);
    const platform = platformOf(body['platform'] ?? c.req.query('platform'));
    const input = parseInput(LoginInput, body);
    await byAddress(c, 'login', limits.loginPerAddress);
    const deviceUserId = c.get('userId');
    if (input._token !== undefined) return ok(c, await signInWithToken(deps, input._token, deviceUserId, platform));
    if (input._username === undefined || input._password === undefined) throw new ApiError(422, 'Укажите e-mail и пароль');
    await byEmail(c, 'login', input._username, limits.loginPerEmail);
    const account = await accountByEmail(db, input._username);
    const matches = await checkPassword(account?.password_hash, input._password);
    if (account === undefined || !matches) throw new ApiError(401, 'Неверный e-mail или пароль');
    if (account.password_hash !== null && needsRehash(account.password_hash)) {
      const rehashed = await hashPassword(input._password);
      await updateUser(db, account.id, { password_hash: rehashed });
    }
    return ok(c, await db.transaction().execute((tx) => openAccountSession(deps, tx, account.id, deviceUserId, platform)));
  });

  // The device that signed in by a mailed link confirms that what it held anonymously joins the account.
  routes.post('/user/merge', requireUser(deps), async (c) => {
    const input = parseInput(MergeInput, await bodyInput(c), 400);
    const accepted = await acceptDeviceMerge(db, deps.caches, userOf(c), input.mergeToken, clock());
    if (accepted === undefined) throw new ApiError(404, 'Предложение перенести данные устройства не найдено или истекло: войдите по ссылке ещё раз');
    return ok(c, accepted);
  });

  routes.post('/logout', requireUser(deps), async (c) => {
    const input = parseInput(LogoutInput, { ...queryInput(c), ...(await bodyInput(c)) }, 400);
    const revoked = await revokeSessions(db, deps.caches, { userId: userOf(c), tokenHash: sessionHashOf(c), which: input.all === 1 ? 'all' : 'this' }, clock());
    return ok(c, { revoked });
  });

  routes.get('/fos/exists', async (c) => {
    const input = parseInput(EmailQuery, queryInput(c));
    await byAddress(c, 'exists', limits.existsPerAddress);
    await byEmail(c, 'exists', input.email, limits.existsPerEmail);
    return ok(c, { exists: (await accountByEmail(db, input.email)) !== undefined });
  });

  routes.post('/fos/send/auth', async (c) => {
    const input = parseInput(SendAuthInput, await bodyInput(c));
    await byAddress(c, 'mail', limits.mailPerAddress);
    await byEmail(c, 'mail', input.email, limits.mailPerEmail);
    const account = await accountByEmail(db, input.email);
    if (account !== undefined) {
      const token = await issueToken(db, { userId: account.id, purpose: input.type, email: input.email }, clock());
      deps.mail.sendLater(input.type === 'reset' ? resetMail(input.email, deps.siteUrl, token) : signInMail(input.email, deps.siteUrl, token));
    }
    return ok(c, { sent: true });
  });

  routes.post('/password/reset', async (c) => {
    const body = await bodyInput(c);
    const platform = platformOf(body['platform']);
    const input = parseInput(PasswordResetInput, body);
    await byAddress(c, 'password', limits.passwordPerSubject);
    return ok(c, await resetPassword(deps, input.token, input.newPassword, platform));
  });

  routes.post('/password/change', requireUser(deps), async (c) => {
    const input = parseInput(PasswordChangeInput, await bodyInput(c));
    const userId = userOf(c);
    await enforceLimit(c, deps.limiter, 'password', `user:${userId}`, limits.passwordPerSubject);
    const user = await readUser(db, userId);
    if (user === undefined || user.email === null) throw new ApiError(403, 'Сначала войдите в аккаунт по e-mail');
    if (user.password_hash !== null && !(await checkPassword(user.password_hash, input.oldPass ?? ''))) {
      throw new ApiError(422, 'Текущий пароль указан неверно');
    }
    if (input.newPass !== input.confirmPass) throw new ApiError(422, 'Пароли не совпадают');
    const problem = passwordProblem(input.newPass, user.email);
    if (problem !== undefined) throw new ApiError(422, problem);
    const hash = await hashPassword(input.newPass);
    const revokedSessions = await db.transaction().execute(async (tx) => {
      await updateUser(tx, userId, { password_hash: hash });
      await endLinks(tx, { userId, email: user.email }, clock());
      return revokeSessions(tx, deps.caches, { userId, tokenHash: sessionHashOf(c), which: 'others' }, clock());
    });
    return ok(c, { changed: true, revokedSessions });
  });

  return routes;
}
