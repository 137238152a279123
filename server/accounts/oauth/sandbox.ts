import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { bodyInput } from '../../http/input.ts';
import { challengeOf } from './provider.ts';
import type { OAuthProviderId } from './provider.ts';
import { consentCsp, consentPage } from './sandboxPages.ts';

/** The client our sandboxes know: its id and secret, and the one redirect address registered for it. */
export type SandboxClient = { clientId: string; clientSecret: string; redirectUri: string };

/** The sandbox app's id and secret (not secrets: the sandbox runs only outside production). */
export const SANDBOX_CLIENT = { clientId: 'shtrafy-sandbox', clientSecret: 'sandbox-secret' };

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** A sandbox person's stable id at the provider, from the login typed on the consent page. */
export function sandboxSubject(provider: OAuthProviderId, login: string): string {
  return String(Number.parseInt(hashOf(`${provider}:${login}`).slice(0, 10), 16));
}

/** The sandbox person's e-mail and name. */
function sandboxPerson(provider: OAuthProviderId, login: string) {
  return { email: `${login}@${provider === 'yandex' ? 'yandex.ru' : 'vk.example'}`, firstName: login.charAt(0).toUpperCase() + login.slice(1), lastName: 'Песочницын' };
}

/**
 * Our own Яндекс ID and VK ID under /105/oauth-sandbox/{yandex|vk}/: the consent page and the token
 * and user-info endpoints, speaking each provider's protocol (codes single use for 10 minutes, the
 * PKCE verifier checked against the S256 challenge, the redirect address the one registered).
 */
export function oauthSandboxRoutes(options: { db: Kysely<Database>; clock: () => Date; client: SandboxClient; siteOrigin: string }): Hono {
  const { db, clock, client } = options;
  const app = new Hono();
  const oauthError = (c: Context, error: string, description: string) => c.json({ error, error_description: description }, 400);

  for (const provider of ['yandex', 'vk'] as const) {
    const params = async (c: Context) => (c.req.method === 'GET' ? c.req.query() : ((await bodyInput(c)) as Record<string, string>));
    app.on(['GET', 'POST'], `/${provider}/authorize`, async (c) => {
      const p = await params(c);
      const headers = { 'Cache-Control': 'no-store', 'Content-Security-Policy': consentCsp(options.siteOrigin), 'Referrer-Policy': 'no-referrer' };
      if (p['client_id'] !== client.clientId || p['redirect_uri'] !== client.redirectUri) return c.html('<p>Неизвестное приложение или адрес возврата</p>', 400, headers);
      if (p['response_type'] !== 'code' || p['code_challenge_method'] !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(p['code_challenge'] ?? '') || !p['state']) {
        return c.html('<p>Запрос не по протоколу: нужны response_type=code, state и code_challenge (S256)</p>', 400, headers);
      }
      const back = new URL(client.redirectUri);
      back.searchParams.set('state', p['state']);
      if (c.req.method === 'GET') {
        const fields = Object.fromEntries(['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method'].map((k) => [k, p[k] ?? '']));
        return c.html(consentPage(provider, fields), 200, headers);
      }
      if (p['decision'] !== 'allow') {
        back.searchParams.set('error', 'access_denied');
        return c.redirect(back.toString(), 302);
      }
      const login = (p['login'] ?? '').trim().toLowerCase();
      if (!/^[a-z0-9._-]{1,30}$/.test(login)) return c.html('<p>Логин: латинские буквы, цифры, точка, дефис</p>', 400, headers);
      const code = randomBytes(24).toString('base64url');
      const now = clock();
      await db
        .insertInto('oauth_sandbox_grants')
        .values({ code_hash: hashOf(code), provider, client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: p['code_challenge'] ?? '', login, created_at: now, expires_at: new Date(now.getTime() + 10 * 60_000) })
        .execute();
      back.searchParams.set('code', code);
      if (provider === 'vk') back.searchParams.set('device_id', randomBytes(12).toString('base64url'));
      return c.redirect(back.toString(), 302);
    });

    /** The code for a token: single use, the right client, the verifier matching the challenge. */
    const exchange = async (c: Context) => {
      const p = (await bodyInput(c)) as Record<string, string>;
      if (p['grant_type'] !== 'authorization_code') return oauthError(c, 'unsupported_grant_type', 'grant_type must be authorization_code');
      if (p['client_id'] !== client.clientId || (provider === 'yandex' && p['client_secret'] !== client.clientSecret)) return c.json({ error: 'invalid_client', error_description: 'unknown client' }, 401);
      if (provider === 'vk' && (p['redirect_uri'] !== client.redirectUri || !p['device_id'])) return oauthError(c, 'invalid_request', 'redirect_uri and device_id required');
      const now = clock();
      const grant = await db.selectFrom('oauth_sandbox_grants').selectAll().where('code_hash', '=', hashOf(p['code'] ?? '')).where('provider', '=', provider).executeTakeFirst();
      if (grant === undefined || grant.expires_at <= now) return oauthError(c, 'invalid_grant', 'code expired or unknown');
      if (challengeOf(p['code_verifier'] ?? '') !== grant.code_challenge) return oauthError(c, 'invalid_grant', 'code_verifier does not match code_challenge');
      // A person called down-… plays the provider being down at the token step (the site's message for it).
      if (grant.login.startsWith('down-')) return c.text('Service Unavailable', 503);
      const token = randomBytes(32).toString('base64url');
      const taken = await db.updateTable('oauth_sandbox_grants').set({ used_at: now, token_hash: hashOf(token) }).where('code_hash', '=', grant.code_hash).where('used_at', 'is', null).returning('login').executeTakeFirst();
      if (taken === undefined) return oauthError(c, 'invalid_grant', 'code already used');
      if (provider === 'yandex') return c.json({ access_token: token, token_type: 'bearer', expires_in: 31_536_000 });
      return c.json({ access_token: token, refresh_token: randomBytes(16).toString('base64url'), id_token: '', token_type: 'Bearer', expires_in: 3600, user_id: Number(sandboxSubject('vk', taken.login)), state: p['state'] ?? '', scope: 'email' });
    };
    /** The login a token was given for, or undefined. */
    const loginOf = async (token: string) =>
      (await db.selectFrom('oauth_sandbox_grants').select('login').where('token_hash', '=', hashOf(token)).where('provider', '=', provider).executeTakeFirst())?.login;

    if (provider === 'yandex') {
      app.post('/yandex/token', exchange);
      app.get('/yandex/info', async (c) => {
        const token = /^OAuth (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
        const login = token === undefined ? undefined : await loginOf(token);
        if (login === undefined) return c.json({ error: 'invalid_token' }, 401);
        if (login.startsWith('noinfo-')) return c.json({ error: 'internal_error' }, 500);
        const person = sandboxPerson('yandex', login);
        return c.json({ id: sandboxSubject('yandex', login), login, client_id: client.clientId, default_email: person.email, emails: [person.email], real_name: `${person.firstName} ${person.lastName}`, first_name: person.firstName, last_name: person.lastName, display_name: login });
      });
    } else {
      app.post('/vk/oauth2/auth', exchange);
      app.post('/vk/oauth2/user_info', async (c) => {
        const p = (await bodyInput(c)) as Record<string, string>;
        const login = p['client_id'] === client.clientId ? await loginOf(p['access_token'] ?? '') : undefined;
        if (login === undefined) return c.json({ error: 'invalid_token', error_description: 'access token is missing or invalid' }, 401);
        // A person called noinfo-… plays the provider failing to give the profile after the token.
        if (login.startsWith('noinfo-')) return c.json({ error: 'internal_error', error_description: 'try again later' }, 500);
        const person = sandboxPerson('vk', login);
        return c.json({ user: { user_id: sandboxSubject('vk', login), first_name: person.firstName, last_name: person.lastName, email: person.email, avatar: '', sex: 0, verified: false } });
      });
    }
  }
  return app;
}
