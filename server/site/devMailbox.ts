import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { isIP } from 'node:net';
import type { Database } from '../db/schema.ts';
import { DEV_MAILBOX_CSP, mailboxListPage, mailboxMailPage, mailboxMissingPage, mailboxRefusedPage } from './devMailboxHtml.ts';

/** Mails the list shows (the newest). */
const LIST_LIMIT = 200;

/** Headers a request relayed by a proxy carries: then the socket's loopback address is the proxy's, not the visitor's. */
const RELAY_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'x-real-ip', 'via'];

/** Whether the address is this machine's (127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6). */
function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4 !== undefined) return isIP(v4) === 4 && v4.startsWith('127.');
  return address === '::1';
}

/**
 * A request this machine's browser made to this machine: from a loopback socket, not relayed by a
 * proxy, and addressed to a loopback name — a page of another site whose name was rebound to
 * 127.0.0.1 (DNS rebinding) still says its own name in Host.
 */
function fromThisMachine(c: Context): boolean {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // No Node socket (another runtime, a test without one): nothing proves the request is local.
    return false;
  }
  if (!isLoopback(address)) return false;
  if (RELAY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  const host = new URL(c.req.url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || isLoopback(host);
}

/** Headers of every mailbox answer: never cached, never indexed, no Referer (links carry tokens). */
const HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer', 'Content-Security-Policy': DEV_MAILBOX_CSP };

/**
 * The local mailbox, /dev/mail/: the `mail_outbox` table as pages, so that someone trying the project
 * without SMTP can open the links of its mail (the log never prints them). Development only: in
 * production there is none (undefined, so the path is an ordinary 404), and it answers only requests
 * from this machine.
 */
export function createDevMailbox(options: { db: Kysely<Database>; production: boolean }): Hono | undefined {
  if (options.production) return undefined;
  const { db } = options;
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!fromThisMachine(c)) return c.html(mailboxRefusedPage(), 403, HEADERS);
    return next();
  });
  app.get('/dev/mail/', async (c) => {
    const rows = await db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(LIST_LIMIT).execute();
    return c.html(mailboxListPage(rows.map(toMail)), 200, HEADERS);
  });
  app.get('/dev/mail/:id{[1-9][0-9]{0,9}}/', async (c) => {
    const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', Number(c.req.param('id'))).executeTakeFirst();
    if (row === undefined) return c.html(mailboxMissingPage(), 404, HEADERS);
    return c.html(mailboxMailPage(toMail(row)), 200, HEADERS);
  });
  app.all('*', (c) => c.redirect('/dev/mail/', 302));
  return app;
}

/** A table row as the pages take it. */
function toMail(row: { id: number; to_address: string; subject: string; text_body: string; html_body: string; created_at: Date | string }) {
  return { id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, createdAt: new Date(row.created_at) };
}
