import type { Context } from 'hono';
import { Hono } from 'hono';
import { PhoneCodeCheck, PhoneCodeRequest, PhoneLoginInput } from '../../src/api/structs/phone.ts';
import { formatPhone } from '../../src/lib/mobilePhone.ts';
import { parsePlatform } from '../../src/lib/platform.ts';
import type { AppDeps } from '../appDeps.ts';
import { codeProblemMessage, takeCode } from '../accounts/phone/phoneCodes.ts';
import type { CodeProblem } from '../accounts/phone/phoneCodes.ts';
import { resolvePhoneSettings } from '../accounts/phone/phoneSettings.ts';
import { sendPhoneCode } from '../accounts/phone/sendCode.ts';
import { signInByPhone } from '../accounts/phone/phoneSignIn.ts';
import { PHONE_TAKEN, isAccountUser, linkPhone, ownerOfPhone, phoneOf, unlinkPhone } from '../accounts/phone/phoneStore.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { optionalUser, requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { addressSubject, clientAddress, enforceLimit } from '../http/rateLimit.ts';

/** The status of a refused code: none left → 410, too many tries → 429, a wrong one → 422. */
export function refusal(problem: CodeProblem): ApiError {
  return new ApiError(problem.problem === 'none' ? 410 : problem.problem === 'tries' ? 429 : 422, codeProblemMessage(problem));
}

/** Sign-in by a Russian mobile number and a code by SMS, and the account's phone in the profile (issue 29). */
export function phoneAuthRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const settings = resolvePhoneSettings(db, clock, deps.phone);
  const routes = new Hono<AppEnv>();
  const address = (c: Context) => addressSubject(clientAddress(c, deps.trustProxy));

  /** Only an account (an e-mail or a phone already) adds a phone: an anonymous device signs in instead. */
  const requireAccount = async (c: Context<AppEnv>): Promise<number> => {
    const userId = userOf(c);
    if (!(await isAccountUser(db, userId))) throw new ApiError(403, 'Сначала войдите в аккаунт');
    return userId;
  };

  routes.post('/phone/code', optionalUser(deps, { ignoreInvalid: true }), async (c) => {
    const input = parseInput(PhoneCodeRequest, await bodyInput(c));
    const sms = settings.sms;
    if (sms === 'off') throw new ApiError(503, 'Вход по номеру телефона пока недоступен. Войдите по e-mail');
    const purpose = input.purpose ?? 'login';
    let userId: number | null = null;
    if (purpose === 'link') {
      if (c.get('userId') === undefined) throw new ApiError(401, 'Требуется авторизация');
      userId = await requireAccount(c);
      const owner = await ownerOfPhone(db, input.phone);
      if (owner === userId) throw new ApiError(409, 'Этот номер уже привязан к вашему аккаунту');
      if (owner !== undefined) throw new ApiError(409, PHONE_TAKEN);
    }
    // Signing in and linking are different forms (a number just linked signs in elsewhere): each has its
    // own wait between codes, and the 3-per-15-minutes limit counts both together.
    return ok(c, await sendPhoneCode(c, deps, settings, { phone: input.phone, purpose, userId }));
  });

  routes.post('/phone/login', optionalUser(deps, { ignoreInvalid: true }), async (c) => {
    const body = await bodyInput(c);
    const platform = parsePlatform(body['platform'] ?? c.req.query('platform'));
    if (platform === undefined) throw new ApiError(400, 'Некорректная платформа');
    const input = parseInput(PhoneLoginInput, body);
    // Guesses are bounded per code (5) and codes per address (10 an hour); this bucket, apart from the
    // password sign-ins', caps attempts per address at the sign-in rule as well.
    await enforceLimit(c, deps.limiter, 'phoneLogin', address(c), deps.authLimits.loginPerAddress);
    const taken = await takeCode(db, { phone: input.phone, code: input.code, purpose: 'login', userId: null }, clock());
    if (!('taken' in taken)) throw refusal(taken);
    const { created: _created, ...signedIn } = await signInByPhone(deps, {
      phone: input.phone,
      deviceUserId: c.get('userId'),
      platform,
      isLegalEntity: input.isLegalEntity === 1,
      consentVersion: input.consentVersion,
    });
    return ok(c, signedIn);
  });

  routes.post('/phone/link', requireUser(deps), async (c) => {
    const input = parseInput(PhoneCodeCheck, await bodyInput(c));
    const userId = await requireAccount(c);
    const taken = await takeCode(db, { phone: input.phone, code: input.code, purpose: 'link', userId }, clock());
    if (!('taken' in taken)) throw refusal(taken);
    await linkPhone(db, userId, input.phone, clock());
    return ok(c, { phone: formatPhone(input.phone) });
  });

  routes.get('/user/phone', requireUser(deps), async (c) => {
    const phone = await phoneOf(db, userOf(c));
    return ok(c, { phone: phone === null ? null : formatPhone(phone) });
  });

  routes.delete('/user/phone', requireUser(deps), async (c) => {
    await unlinkPhone(db, userOf(c));
    return ok(c, { removed: true });
  });

  return routes;
}
