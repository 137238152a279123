import type { Context } from 'hono';
import { Hono } from 'hono';
import { OAuthFinishInput, OAuthStartInput } from '../../src/api/structs/oauth.ts';
import { parsePlatform } from '../../src/lib/platform.ts';
import type { AppDeps } from '../appDeps.ts';
import { linkIdentity, signInByIdentity, unlinkIdentity } from '../accounts/oauth/oauthSignIn.ts';
import type { OAuthSetup } from '../accounts/oauth/oauthSettings.ts';
import { identitiesOf, identityOwner, proveErasure, startFlow, takeFlow } from '../accounts/oauth/oauthStore.ts';
import { OAUTH_PROVIDERS, OAuthFailure, PROVIDER_NAMES, challengeOf } from '../accounts/oauth/provider.ts';
import type { OAuthProvider, OAuthProviderId } from '../accounts/oauth/provider.ts';
import { isAccountUser } from '../accounts/phone/phoneStore.ts';
import { resolvePhoneSettings } from '../accounts/phone/phoneSettings.ts';
import { providerFailureMessage } from '../accounts/oauth/failureMessage.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { erasureWayOf } from '../privacy/erasureWay.ts';
import { addressSubject, clientAddress, enforceLimit } from '../http/rateLimit.ts';

/** Sign-in and linking by Яндекс ID and VK ID: OAuth 2.0 authorization code with PKCE and state (issue 29). */
export function oauthRoutes(deps: AppDeps, setup: OAuthSetup): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  const phoneOffered = resolvePhoneSettings(db, clock, deps.phone).sms !== 'off';
  const providerOf = (c: Context): OAuthProvider => {
    const id = c.req.param('provider') as OAuthProviderId;
    const provider = (OAUTH_PROVIDERS as readonly string[]).includes(id) ? setup.providers[id] : undefined;
    if (provider === undefined) throw notFound();
    return provider;
  };

  routes.post('/oauth/:provider/start', requireUser(deps), async (c) => {
    const provider = providerOf(c);
    const input = parseInput(OAuthStartInput, await bodyInput(c));
    const purpose = input.purpose ?? 'login';
    const userId = userOf(c);
    if (purpose === 'link' && !(await isAccountUser(db, userId))) throw new ApiError(403, 'Сначала войдите в аккаунт');
    if (purpose === 'erase') {
      const way = await erasureWayOf(db, userId, OAUTH_PROVIDERS.filter((id) => setup.providers[id] !== undefined));
      if (way.way !== 'provider' || !way.providers.includes(provider.id)) throw new ApiError(403, `Удаление аккаунта через ${PROVIDER_NAMES[provider.id]} недоступно: подтвердите его так, как предлагает профиль`);
    }
    // Its own bucket, at the sign-in rule: starting a flow writes a row, but proves nothing by itself.
    await enforceLimit(c, deps.limiter, 'oauthStart', addressSubject(clientAddress(c, deps.trustProxy)), deps.authLimits.loginPerAddress);
    const { state, verifier } = await startFlow(db, { provider: provider.id, purpose, userId }, clock());
    return ok(c, { authorizeUrl: provider.authorizeUrl({ state, codeChallenge: challengeOf(verifier), redirectUri: setup.redirectUri }), state });
  });

  routes.post('/oauth/:provider/finish', requireUser(deps), async (c) => {
    const provider = providerOf(c);
    const body = await bodyInput(c);
    const platform = parsePlatform(body['platform'] ?? c.req.query('platform'));
    if (platform === undefined) throw new ApiError(400, 'Некорректная платформа');
    const input = parseInput(OAuthFinishInput, body, 400);
    const userId = userOf(c);
    const flow = await takeFlow(db, provider.id, input.state, userId, clock());
    const name = PROVIDER_NAMES[provider.id];
    if (flow === undefined) throw new ApiError(400, `Вход через ${name} не подтверждён: начните его снова с этой страницы`);
    const failed = (cause: { error: string } | { failure: unknown }) => {
      const { status, message } = providerFailureMessage(provider.id, cause, phoneOffered);
      return new ApiError(status, message);
    };
    if (input.error !== undefined || input.code === undefined) throw failed({ error: input.error ?? 'no_code' });
    let person;
    try {
      person = await provider.user({ code: input.code, codeVerifier: flow.verifier, redirectUri: setup.redirectUri, deviceId: input.deviceId, state: input.state });
    } catch (error) {
      // A refusal, or the provider down or slow (fetch's TypeError, the 10-second timeout); anything else is our bug.
      if (!(error instanceof OAuthFailure || error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError'))) throw error;
      throw failed({ failure: error });
    }
    if (flow.purpose === 'erase') {
      // Only the very person linked to this account confirms its erasure; the proof lives a few minutes, here.
      if ((await identityOwner(db, provider.id, person.subject)) !== userId) throw new ApiError(403, `Это не тот ${name}, что привязан к аккаунту: аккаунт не удалён`);
      await proveErasure(db, input.state, userId, clock());
      return ok(c, { eraseConfirmedBy: provider.id });
    }
    if (flow.purpose === 'link') {
      await linkIdentity(deps, provider.id, person, userId);
      return ok(c, { linked: provider.id });
    }
    return ok(c, { session: await signInByIdentity(deps, provider.id, person, userId, platform) });
  });

  routes.get('/user/identities', requireUser(deps), async (c) => {
    const rows = await identitiesOf(db, userOf(c));
    const identities = rows.map((row) => ({ provider: row.provider as OAuthProviderId, name: row.name, email: row.email, linkedAt: row.created_at.toISOString() }));
    return ok(c, { identities, offered: OAUTH_PROVIDERS.filter((id) => setup.providers[id] !== undefined) });
  });

  routes.delete('/user/identities/:provider', requireUser(deps), async (c) => {
    const id = c.req.param('provider') as OAuthProviderId;
    if (!(OAUTH_PROVIDERS as readonly string[]).includes(id)) throw notFound();
    await unlinkIdentity(deps, id, userOf(c));
    return ok(c, { removed: true });
  });

  return routes;
}
