import { Hono } from 'hono';
import type { AppDeps } from '../appDeps.ts';
import type { OAuthSetup } from '../accounts/oauth/oauthSettings.ts';
import { OAUTH_PROVIDERS } from '../accounts/oauth/provider.ts';
import { resolvePhoneSettings } from '../accounts/phone/phoneSettings.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { ok } from '../http/envelope.ts';

/**
 * `GET /auth/ways`, public: which ways of signing in besides e-mail work here, so that the site shows only
 * those. The phone when an SMS service is set (or the sandbox outside production) and the daily budget
 * is above zero; each provider when its app is registered, or its sandbox runs (outside production).
 */
export function signInWaysRoutes(deps: AppDeps, oauth: OAuthSetup): Hono<AppEnv> {
  const settings = resolvePhoneSettings(deps.db, deps.clock, deps.phone);
  const ways = { phone: settings.sms !== 'off' && settings.dailyBudget > 0, providers: OAUTH_PROVIDERS.filter((id) => oauth.providers[id] !== undefined) };
  const routes = new Hono<AppEnv>();
  routes.get('/auth/ways', (c) => {
    // The same for everyone and fixed until a restart with other settings.
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, ways);
  });
  return routes;
}
