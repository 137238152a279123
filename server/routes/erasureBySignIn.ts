import type { Context } from 'hono';
import { Hono } from 'hono';
import { EraseByCodeInput } from '../../src/api/structs/privacy.ts';
import type { AppDeps } from '../appDeps.ts';
import type { OAuthSetup } from '../accounts/oauth/oauthSettings.ts';
import { erasureProof, takeErasureProof } from '../accounts/oauth/oauthStore.ts';
import { OAUTH_PROVIDERS } from '../accounts/oauth/provider.ts';
import { takeCode } from '../accounts/phone/phoneCodes.ts';
import { resolvePhoneSettings } from '../accounts/phone/phoneSettings.ts';
import { sendPhoneCode } from '../accounts/phone/sendCode.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { eraseAccountIn } from '../privacy/eraseAccount.ts';
import { erasureWayOf } from '../privacy/erasureWay.ts';
import type { ErasureWay } from '../privacy/erasureWay.ts';
import { refusal } from './phoneAuth.ts';

/** The message when the account confirms its erasure another way. */
const OTHER_WAY = 'Этот аккаунт подтверждает удаление по-другому: обновите страницу профиля';

/**
 * Erasure of an account without a confirmed e-mail (issue 29), confirmed the way it signs in: a code by
 * SMS to its phone (the limits and the daily budget of sign-in codes), or a round-trip through its
 * linked Яндекс ID or VK ID within the last minutes (the proof is kept on the server, never in an address).
 */
export function erasureBySignInRoutes(deps: AppDeps, oauth: OAuthSetup): Hono<AppEnv> {
  const { db, clock } = deps;
  const settings = resolvePhoneSettings(db, clock, deps.phone);
  const offered = OAUTH_PROVIDERS.filter((id) => oauth.providers[id] !== undefined);
  const routes = new Hono<AppEnv>();
  const signedIn = requireUser(deps);
  const wayOf = (c: Context<AppEnv>) => erasureWayOf(db, userOf(c), offered);
  /** The sessions that ended leave this process's cache too (others hold one for at most SESSION_CACHE_MS). */
  const forget = (ended: string[]) => {
    for (const hash of ended) deps.caches?.sessions.delete(hash);
  };

  routes.get('/account/erase/way', signedIn, async (c) => {
    const way: ErasureWay = await wayOf(c);
    const confirmedBy = way.way === 'provider' ? ((await erasureProof(db, userOf(c), clock())) ?? null) : null;
    return ok(c, {
      way: way.way,
      email: way.way === 'email' ? way.email : null,
      phone: way.way === 'phone' ? way.phone : null,
      providers: way.way === 'provider' ? way.providers : [],
      confirmedBy,
    });
  });

  routes.post('/account/erase/code', signedIn, async (c) => {
    const way = await wayOf(c);
    if (way.way !== 'phone') throw new ApiError(403, OTHER_WAY);
    return ok(c, await sendPhoneCode(c, deps, settings, { phone: way.number, purpose: 'erase', userId: userOf(c) }));
  });

  routes.post('/account/erase/by-code', signedIn, async (c) => {
    const { code } = parseInput(EraseByCodeInput, await bodyInput(c));
    const way = await wayOf(c);
    if (way.way !== 'phone') throw new ApiError(403, OTHER_WAY);
    const userId = userOf(c);
    // One transaction: a wrong code's try is counted (and kept), a right one erases with it or not at all.
    const outcome = await db.transaction().execute(async (tx) => {
      const taken = await takeCode(tx, { phone: way.number, code, purpose: 'erase', userId }, clock());
      if (!('taken' in taken)) return { refused: taken };
      return { ended: await eraseAccountIn(tx, userId, clock()) };
    });
    if ('refused' in outcome) throw refusal(outcome.refused);
    forget(outcome.ended ?? []);
    return ok(c, { erased: true });
  });

  routes.post('/account/erase/by-provider', signedIn, async (c) => {
    const way = await wayOf(c);
    if (way.way !== 'provider') throw new ApiError(403, OTHER_WAY);
    const userId = userOf(c);
    const ended = await db.transaction().execute(async (tx) => {
      if (!(await takeErasureProof(tx, userId, clock()))) return undefined;
      return (await eraseAccountIn(tx, userId, clock())) ?? [];
    });
    if (ended === undefined) throw new ApiError(403, 'Подтвердите удаление входом через Яндекс ID или VK ID: подтверждение действует 5 минут');
    forget(ended);
    return ok(c, { erased: true });
  });
  return routes;
}
