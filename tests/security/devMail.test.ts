import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../server/mail/outboxMailer.ts';
import type { Mailer } from '../../server/mail/message.ts';
import { createDevMailbox } from '../../server/site/devMailbox.ts';
import { createSiteApp } from '../../server/site/siteApp.ts';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { TestApi } from '../api/helpers/testApi.ts';

// Issue 23, item 14: without SMTP_URL the outbox printed each mail's link, but the log's scrubber
// turned its token into «[token]», so nobody could sign up locally. The link now lives on a local
// page, /dev/mail/, which must never show up in production or to anyone but this machine.

const MAILBOX = 'http://localhost:4321/dev/mail/';
const lines: string[] = [];
let api: TestApi;
let distDir: string;

/** The socket the request came from, as @hono/node-server hands it to the app. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress, remotePort: 50_000, remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4' } } });

/** The local server's app, with the mailbox as start.ts builds it in the given mode. */
const site = (production: boolean) => {
  const devMailbox = createDevMailbox({ db: api.database.db, production });
  return createSiteApp({ distDir, api: api.app, allowedHosts: [], ...(devMailbox === undefined ? {} : { devMailbox }) });
};

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'devmail-dist-'));
  // The outbox as `npm start` makes it, writing into the test's own database.
  let outbox: Mailer | undefined;
  const mailer: Mailer = { kind: 'outbox', send: (message) => (outbox as Mailer).send(message), close: () => undefined };
  api = await createTestApi({ mailer });
  outbox = createOutboxMailer({ db: api.database.db, clock: () => api.now(), announce: (line) => lines.push(line), mailboxUrl: MAILBOX });
});
afterAll(async () => {
  await api.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** Registers `email` through the API; answers the token of the mailed link. */
async function register(email: string): Promise<string> {
  const anonymous = await api.register();
  expect((await api.request('POST', '/105/api/user/register', { session: anonymous, form: { email } })).status).toBe(200);
  await api.mailIdle();
  const mail = await api.database.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const token = /\/auth\/\?token=([\w-]+)/.exec(mail.text_body)?.[1];
  expect(token).toBeDefined();
  return token ?? '';
}

describe('the local mailbox', () => {
  let token: string;
  beforeAll(async () => {
    token = await register('driver@example.ru');
  });

  it('the printed line has no token: it names the mail and points to the local mailbox', () => {
    const line = lines.at(-1) ?? '';
    expect(line).toMatch(/^Письмо для dr\*\*\*@example\.ru: «.+» — откройте http:\/\/localhost:4321\/dev\/mail\/\d+\/$/);
    expect(line).not.toContain(token);
    expect(line).not.toContain('token');
  });

  it('in development it lists the mail, newest first, and shows it with its link clickable', async () => {
    await register('second@example.ru');
    const list = await site(false).request(MAILBOX, {}, from('127.0.0.1'));
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.headers.get('x-robots-tag')).toMatch(/noindex/);
    const html = await list.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html.indexOf('second@example.ru')).toBeGreaterThan(-1);
    expect(html.indexOf('second@example.ru')).toBeLessThan(html.indexOf('driver@example.ru'));

    const id = /— откройте http:\/\/localhost:4321\/dev\/mail\/(\d+)\//.exec(lines[0] ?? '')?.[1];
    const page = await site(false).request(`${MAILBOX}${id}/`, {}, from('::1'));
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const mail = await page.text();
    expect(mail).toContain(`<a href="http://localhost:4321/auth/?token=${token}"`);
    // The mail's own HTML is shown inert: escaped into a sandboxed frame that may run no script.
    expect(mail).toMatch(/<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*srcdoc="[^"]*&lt;!doctype html&gt;/);
    expect(mail).not.toMatch(/allow-scripts|allow-same-origin/);
  });

  it('escapes whatever a mail contains', async () => {
    await api.database.db
      .insertInto('mail_outbox')
      .values({ to_address: 'x@example.ru', subject: '<script>alert(1)</script>', text_body: 'see "javascript:alert(1)" <b>bold</b> http://localhost:4321/a?b=<i>', html_body: '<img src=x onerror=alert(1)><script>alert(2)</script>', created_at: api.now() })
      .execute();
    const list = await (await site(false).request(MAILBOX, {}, from('127.0.0.1'))).text();
    expect(list).not.toContain('<script>alert(1)');
    expect(list).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const row = await api.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'x@example.ru').executeTakeFirstOrThrow();
    const page = await (await site(false).request(`${MAILBOX}${row.id}/`, {}, from('127.0.0.1'))).text();
    expect(page).not.toMatch(/<script>alert|<img src=x|<b>bold|<i>/);
    expect(page).not.toContain('href="javascript:');
    // The frame's document is an attribute value: no quote or angle bracket of it is left raw.
    const srcdoc = /srcdoc="([^"]*)"/.exec(page)?.[1] ?? '';
    expect(srcdoc).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(srcdoc).not.toMatch(/[<>]/);
  });

  it('is not there in production: 404', async () => {
    expect(createDevMailbox({ db: api.database.db, production: true })).toBeUndefined();
    const reply = await site(true).request(MAILBOX, {}, from('127.0.0.1'));
    expect(reply.status).toBe(404);
    expect(await reply.text()).not.toContain('driver@example.ru');
  });

  it.each([
    ['another machine', 'http://localhost:4321/dev/mail/', from('203.0.113.9'), {}],
    ['a private network neighbour', 'http://localhost:4321/dev/mail/', from('192.168.1.20'), {}],
    ['a request relayed by a proxy on this machine', 'http://localhost:4321/dev/mail/', from('127.0.0.1'), { 'X-Forwarded-For': '203.0.113.9' }],
    ['a request relayed with Forwarded', 'http://localhost:4321/dev/mail/', from('127.0.0.1'), { Forwarded: 'for=203.0.113.9' }],
    ['a page of another site rebound to 127.0.0.1 (DNS rebinding)', 'http://attacker.example:4321/dev/mail/', from('127.0.0.1'), {}],
    ['a request with no socket to tell where it came from', 'http://localhost:4321/dev/mail/', {}, {}],
  ])('refuses %s', async (_name, url, env, headers) => {
    const reply = await site(false).request(url, { headers }, env);
    expect(reply.status).toBe(403);
    const text = await reply.text();
    expect(text).toMatch(/только с этого компьютера/);
    expect(text).not.toContain('driver@example.ru');
  });
});
