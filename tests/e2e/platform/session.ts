/** Visitors and accounts for the platform browser tests, made through the API the way the site makes them. */
import type { APIRequestContext, Page } from '@playwright/test';
import { waitForMail } from '../account/mailbox.ts';

/** Session params as the API answers them. */
export type Session = { userId: number; session: string; rand: string; salt: string };

/** A new anonymous visitor (GET /client, POST /newuser). */
export async function newVisitor(request: APIRequestContext): Promise<Session & { clientId: string }> {
  const client = (await (await request.get('/105/api/client')).json()) as { response: { clientId: string } };
  const reply = await request.post('/105/api/newuser', { form: { clientId: client.response.clientId, channel: 'fine' } });
  return { ...((await reply.json()) as { response: Session }).response, clientId: client.response.clientId };
}

/** A registered account signed in by its mailed link. */
export async function newAccount(request: APIRequestContext, email: string): Promise<Session & { clientId: string }> {
  const visitor = await newVisitor(request);
  const headers = { 'X-Session': visitor.session, 'X-Rand': visitor.rand, 'X-User-Id': String(visitor.userId) };
  await request.post('/105/api/user/register', { headers, form: { email, consentVersion: '2026-03-01' } });
  const mail = await waitForMail(email);
  const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
  const login = await request.post('/105/api/login', { form: { _token: token } });
  return { ...((await login.json()) as { response: Session }).response, clientId: visitor.clientId };
}

/** Puts the session into the page's stored auth data (spec §3) before any of its scripts run. */
export async function storeSession(page: Page, session: Session & { clientId: string }): Promise<void> {
  const record = { clientId: session.clientId, salt: session.salt, rand: session.rand, userId: String(session.userId), session: session.session };
  const empty = { clientId: '', salt: '', rand: '', userId: '', session: '' };
  await page.addInitScript((data) => {
    if (window.localStorage.getItem('authData') === null) window.localStorage.setItem('authData', data);
  }, JSON.stringify({ web: record, chromeExtension: empty }));
}

/** Waits until the page's islands have hydrated. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** A fresh address per test. */
export const address = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;
