import { OAuthFailure, jsonOf, textOf } from './provider.ts';
import type { OAuthFetch, OAuthProvider } from './provider.ts';

/** A Яндекс ID app (YANDEX_CLIENT_ID, YANDEX_CLIENT_SECRET) and its addresses (ours for the sandbox). */
export type YandexIdSettings = { clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string; infoUrl: string; sandbox: boolean; fetch: OAuthFetch };

/** Яндекс ID's real addresses. */
export const YANDEX_ID_URLS = { authorizeUrl: 'https://oauth.yandex.ru/authorize', tokenUrl: 'https://oauth.yandex.ru/token', infoUrl: 'https://login.yandex.ru/info' };

/**
 * Яндекс ID: /authorize with response_type=code, client_id, redirect_uri, state and the S256
 * challenge; POST /token (form: grant_type=authorization_code, code, client_id, client_secret,
 * code_verifier) answers access_token; GET login.yandex.ru/info?format=json with
 * `Authorization: OAuth <token>` answers id, default_email, real_name.
 */
export function createYandexId(settings: YandexIdSettings): OAuthProvider {
  return {
    id: 'yandex',
    sandbox: settings.sandbox,
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: redirectUri, state, code_challenge: codeChallenge, code_challenge_method: 'S256', force_confirm: 'yes' });
      return `${settings.authorizeUrl}?${query}`;
    },
    async user({ code, codeVerifier }) {
      const form = new URLSearchParams({ grant_type: 'authorization_code', code, client_id: settings.clientId, client_secret: settings.clientSecret, code_verifier: codeVerifier });
      const token = await jsonOf(await settings.fetch(settings.tokenUrl, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 'token');
      const accessToken = textOf(token['access_token']);
      if (accessToken === null) throw new OAuthFailure('token: no access_token');
      const info = await jsonOf(await settings.fetch(`${settings.infoUrl}?format=json`, { headers: { authorization: `OAuth ${accessToken}` } }), 'info');
      const subject = textOf(info['id']);
      if (subject === null) throw new OAuthFailure('info: no id', 'profile');
      return { subject, email: textOf(info['default_email']), name: textOf(info['real_name']) ?? textOf(info['display_name']) };
    },
  };
}
