import { OAuthFailure, jsonOf, textOf } from './provider.ts';
import type { OAuthFetch, OAuthProvider } from './provider.ts';

/** A VK ID app (VK_CLIENT_ID) and its addresses (ours for the sandbox). */
export type VkIdSettings = { clientId: string; authorizeUrl: string; tokenUrl: string; userInfoUrl: string; sandbox: boolean; fetch: OAuthFetch };

/** VK ID's real addresses. */
export const VK_ID_URLS = { authorizeUrl: 'https://id.vk.com/authorize', tokenUrl: 'https://id.vk.com/oauth2/auth', userInfoUrl: 'https://id.vk.com/oauth2/user_info' };

/**
 * VK ID (OAuth 2.1, PKCE required): /authorize with response_type=code, client_id, redirect_uri,
 * state, the S256 challenge and scope; the redirect brings code, state and device_id; POST
 * /oauth2/auth (form: grant_type=authorization_code, code, code_verifier, client_id, device_id,
 * redirect_uri, state) answers access_token and user_id; POST /oauth2/user_info (client_id,
 * access_token) answers { user: { user_id, first_name, last_name, email } }.
 */
export function createVkId(settings: VkIdSettings): OAuthProvider {
  const post = (url: string, form: Record<string, string>) => settings.fetch(url, { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return {
    id: 'vk',
    sandbox: settings.sandbox,
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({ response_type: 'code', client_id: settings.clientId, redirect_uri: redirectUri, state, code_challenge: codeChallenge, code_challenge_method: 'S256', scope: 'email' });
      return `${settings.authorizeUrl}?${query}`;
    },
    async user({ code, codeVerifier, redirectUri, deviceId, state }) {
      if (deviceId === undefined) throw new OAuthFailure('no device_id');
      const token = await jsonOf(await post(settings.tokenUrl, { grant_type: 'authorization_code', code, code_verifier: codeVerifier, client_id: settings.clientId, device_id: deviceId, redirect_uri: redirectUri, state }), 'token');
      if (token['error'] !== undefined) throw new OAuthFailure(`token: ${String(token['error'])}`);
      const accessToken = textOf(token['access_token']);
      if (accessToken === null) throw new OAuthFailure('token: no access_token');
      const info = await jsonOf(await post(settings.userInfoUrl, { client_id: settings.clientId, access_token: accessToken }), 'user_info');
      const user = info['user'];
      if (typeof user !== 'object' || user === null) throw new OAuthFailure('user_info: no user', 'profile');
      const fields = user as Record<string, unknown>;
      const subject = textOf(fields['user_id']);
      if (subject === null) throw new OAuthFailure('user_info: no user_id', 'profile');
      const name = [textOf(fields['first_name']), textOf(fields['last_name'])].filter((part) => part !== null).join(' ');
      return { subject, email: textOf(fields['email']), name: name === '' ? null : name };
    },
  };
}
