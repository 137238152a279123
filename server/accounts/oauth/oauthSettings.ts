import type { AppDeps } from '../../appDeps.ts';
import type { OAuthFetch, OAuthProvider, OAuthProviderId } from './provider.ts';
import { SANDBOX_CLIENT } from './sandbox.ts';
import type { SandboxClient } from './sandbox.ts';
import { YANDEX_ID_URLS, createYandexId } from './yandexId.ts';
import { VK_ID_URLS, createVkId } from './vkId.ts';

export type { OAuthApps } from './provider.ts';

/** The path of our sandbox providers. */
export const OAUTH_SANDBOX_PATH = '/105/oauth-sandbox';

/** The providers in use, the one redirect address (the site's /auth/oauth/), and the sandbox's client when one is a sandbox. */
export type OAuthSetup = { providers: Partial<Record<OAuthProviderId, OAuthProvider>>; redirectUri: string; sandbox: SandboxClient | undefined };

/** Builds the providers from the settings; `inProcess` reaches this app's own sandbox without a socket. */
export function oauthSetup(deps: Pick<AppDeps, 'siteUrl' | 'apiUrl' | 'oauth'>, inProcess: OAuthFetch): OAuthSetup {
  const apps = deps.oauth ?? {};
  const redirectUri = `${deps.siteUrl}/auth/oauth/`;
  const base = `${deps.apiUrl}${OAUTH_SANDBOX_PATH}`;
  const network: OAuthFetch = (input, init) => globalThis.fetch(input, { ...init, signal: AbortSignal.timeout(10_000) });
  const providers: OAuthSetup['providers'] = {};
  let sandbox = false;
  if (apps.yandex !== 'off') {
    const real = apps.yandex;
    sandbox ||= real === undefined;
    providers.yandex =
      real === undefined
        ? createYandexId({ ...SANDBOX_CLIENT, authorizeUrl: `${base}/yandex/authorize`, tokenUrl: `${base}/yandex/token`, infoUrl: `${base}/yandex/info`, sandbox: true, fetch: inProcess })
        : createYandexId({ ...real, ...YANDEX_ID_URLS, sandbox: false, fetch: network });
  }
  if (apps.vk !== 'off') {
    const real = apps.vk;
    sandbox ||= real === undefined;
    providers.vk =
      real === undefined
        ? createVkId({ clientId: SANDBOX_CLIENT.clientId, authorizeUrl: `${base}/vk/authorize`, tokenUrl: `${base}/vk/oauth2/auth`, userInfoUrl: `${base}/vk/oauth2/user_info`, sandbox: true, fetch: inProcess })
        : createVkId({ clientId: real.clientId, ...VK_ID_URLS, sandbox: false, fetch: network });
  }
  return { providers, redirectUri, sandbox: sandbox ? { ...SANDBOX_CLIENT, redirectUri } : undefined };
}
