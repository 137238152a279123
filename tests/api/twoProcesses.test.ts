import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSignature, signedNotification } from '../../server/payments/gateways/moneta/protocol.ts';
import { SANDBOX_MONETA_ACCOUNT } from '../../server/payments/settings.ts';

// Issue 17, "two replicas, one database": two real server processes (node server/start.ts) on one
// PostgreSQL. PGlite lives inside one process, so this runs in the PostgreSQL pass of the API suite
// (the one .ci/run starts with TEST_DATABASE_URL) and is skipped in the PGlite pass.
const onPostgres = process.env['TEST_DB'] === 'postgres' && process.env['TEST_DATABASE_URL'] !== undefined;
const root = resolve(import.meta.dirname, '../..');
const CLIENT_LIMIT = 10;

type Server = { url: string; child: ChildProcess; output: string[] };
let servers: Server[] = [];
let schema = '';
let dataDir = '';
let admin: pg.Client;

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Starts `node server/start.ts --no-build` on its own port and the shared database; resolves when its health answers. */
async function startServer(databaseUrl: string, name: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/start.ts', '--no-build'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      // Replicas behind one balancer share the site's address (links in mail, the gateway's return pages).
      PUBLIC_SITE_URL: 'http://localhost:4999',
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dataDir, name),
      ACCESS_LOG: '0',
      LOG_LEVEL: 'warn',
      CLIENT_RATE_LIMIT: String(CLIENT_LIMIT),
      LOOKUP_RATE_LIMIT: '0',
      PAYMENT_SANDBOX_DELAY_MS: '300',
      PHOTO_DELAY_MS: '0',
      ORDINANCES_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/105/api/health`)).ok) return { url, child, output };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server ${name} did not start:\n${output.join('')}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

type Session = { session: string; rand: string; userId: number };
const auth = (s: Session) => ({ 'X-Session': s.session, 'X-Rand': s.rand, 'X-User-Id': String(s.userId) });

/** A request to one server; answers status and parsed JSON (or text). */
async function call(server: Server, path: string, init: { method?: string; form?: Record<string, string>; session?: Session } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.form === undefined ? 'GET' : 'POST'),
    headers: { ...(init.session === undefined ? {} : auth(init.session)), ...(init.form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
    ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() }),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a text reply (the moneta answer)
  }
  return { status: response.status, body, location: response.headers.get('location') };
}

/** The same request sent to both servers at once, `times` times each. */
function toBoth(path: string, init: Parameters<typeof call>[2], times: number) {
  return Promise.all(Array.from({ length: times }, () => servers.map((server) => call(server, path, init))).flat());
}

/** A new anonymous user made on `server`. */
async function newUser(server: Server): Promise<Session> {
  const clientId = (await call(server, '/105/api/client')).body.response.clientId as string;
  return (await call(server, '/105/api/newuser', { form: { clientId, channel: 'fine' } })).body.response as Session;
}

/** Adds a fresh sandbox car with an unpaid fine for the user; answers the fine ids. */
async function unpaidFines(server: Server, user: Session): Promise<number[]> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const form = { sts: `79${String(10 + attempt)}${String(100_000 + Math.floor(Math.random() * 899_999))}`, vehiclePlateNumber: `Н${String(100 + attempt)}МР`, vehiclePlateRegion: '99' };
    const added = await call(server, '/105/api/sts', { form, session: user });
    if (added.status !== 200) continue;
    const fines = (await call(server, `/105/api/fineList/by/sts/${added.body.response.item.id}`, { session: user })).body.response.fines as { id: number; paid: boolean }[];
    const unpaid = fines.filter((fine) => !fine.paid).map((fine) => fine.id);
    if (unpaid.length > 0) return unpaid;
  }
  throw new Error('no sandbox car with an unpaid fine');
}

/** The integrity code both servers sign the sandbox's payments with (kept once in the shared database). */
async function sandboxCode(): Promise<string> {
  const row = await admin.query(`select value from ${schema}.app_secrets where name = 'moneta-sandbox'`);
  return row.rows[0].value as string;
}

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL (issue 17)', () => {
  beforeAll(async () => {
    const url = process.env['TEST_DATABASE_URL'] ?? '';
    schema = `two_processes_${randomBytes(5).toString('hex')}`;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    dataDir = await mkdtemp(join(tmpdir(), 'two-processes-'));
    const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    // One after the other: the first runs the migrations.
    servers = [await startServer(databaseUrl, 'a')];
    servers.push(await startServer(databaseUrl, 'b'));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => new Promise((done) => (server.child.exitCode !== null ? done(null) : server.child.once('exit', done)))));
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a session made on one works on the other, and a sign-out on one is honoured by the other within seconds', async () => {
    const [a, b] = servers as [Server, Server];
    const user = await newUser(a);
    expect((await call(b, '/105/api/sts', { session: user })).status).toBe(200);
    expect((await call(a, '/105/api/logout', { form: {}, session: user })).status).toBe(200);
    const deadline = Date.now() + 5_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await call(b, '/105/api/sts', { session: user })).status;
      if (status === 200) await new Promise((wait) => setTimeout(wait, 250));
    }
    expect(status).toBe(401);
  });

  it('a payment notification delivered to both at once changes the payment once', async () => {
    const [a, b] = servers as [Server, Server];
    const user = await newUser(a);
    const fineIds = (await unpaidFines(b, user)).slice(0, 1);
    const started = await call(a, '/105/api/multipayment', { form: { fineIds: fineIds.join(','), paymentSystem: 'moneta', email: 'both@example.ru', fio: 'Иванов Иван Иванович' }, session: user });
    expect(started.status).toBe(200);
    const { paymentId } = started.body.response;
    const total = (await call(b, `/105/api/payment/${paymentId}`, { session: user })).body.response.total as number;
    const account = { accountId: SANDBOX_MONETA_ACCOUNT, integrityCode: await sandboxCode(), testMode: true };
    const fields = Object.fromEntries(Object.entries(signedNotification(account, paymentId, '555000111', total)).map(([k, v]) => [k, v ?? '']));
    const replies = await toBoth('/105/api/payment/moneta/notify', { form: fields }, 5);
    for (const reply of replies) expect(reply.body).toContain('<MNT_RESULT_CODE>200</MNT_RESULT_CODE>');
    expect((await call(a, `/105/api/payment/${paymentId}`, { session: user })).body.response.status).toBe('success');
    const orders = await admin.query(`select count(*)::int as n from ${schema}.orders where fine_id = $1`, [fineIds[0]]);
    expect(orders.rows[0].n).toBe(1);
    const events = await admin.query(`select outcome, count(*)::int as n from ${schema}.payment_events where payment_id = $1 group by outcome`, [paymentId]);
    expect(Object.fromEntries(events.rows.map((row) => [row.outcome, row.n]))).toEqual({ paid: 1, duplicate: 9 });
  });

  it('a job runs once: the sandbox slow card\'s delayed notification, queued on one, is delivered once by the two workers', async () => {
    const [a, b] = servers as [Server, Server];
    const user = await newUser(b);
    const fineIds = (await unpaidFines(a, user)).slice(0, 1);
    const started = (await call(b, '/105/api/multipayment', { form: { fineIds: fineIds.join(','), paymentSystem: 'moneta', email: 'job@example.ru', fio: 'Иванов Иван Иванович' }, session: user })).body.response;
    const redirect = new URL(started.redirectUrl);
    const account = { accountId: SANDBOX_MONETA_ACCOUNT, integrityCode: await sandboxCode(), testMode: true };
    const form = Object.fromEntries(redirect.searchParams);
    expect(form['MNT_SIGNATURE']).toBe(requestSignature(account, started.paymentId, form['MNT_AMOUNT'] ?? ''));
    const paid = await call(a, '/105/sandbox-gateway/moneta/pay', { form: { ...form, card: '4000 0000 0000 3220', exp: '12/30', cvc: '123', action: 'pay' } });
    expect(paid.status).toBe(303);
    const deadline = Date.now() + 15_000;
    let status = 'wait';
    while (status === 'wait' && Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 300));
      status = (await call(b, `/105/api/payment/${started.paymentId}`, { session: user })).body.response.status;
    }
    expect(status).toBe('success');
    const jobs = await admin.query(`select status, attempts from ${schema}.jobs where name = 'payments.sandboxNotify'`);
    expect(jobs.rows).toHaveLength(1);
    expect(jobs.rows[0].attempts).toBe(1);
    const events = await admin.query(`select outcome from ${schema}.payment_events where payment_id = $1 and kind = 'moneta.notification'`, [started.paymentId]);
    expect(events.rows.map((row) => row.outcome)).toEqual(['paid']);
  });

  it('a rate limit is shared: requests spread over both are refused together', async () => {
    const [a, b] = servers as [Server, Server];
    const replies = [];
    for (let i = 0; i < 24; i += 1) replies.push(await call(i % 2 === 0 ? a : b, '/105/api/client'));
    const allowed = replies.filter((reply) => reply.status === 200).length;
    const refused = replies.filter((reply) => reply.status === 429);
    // The earlier tests took four of the ten; per-process limits would let 20 of these 24 through.
    expect(allowed).toBeLessThanOrEqual(CLIENT_LIMIT - 4 + 1);
    expect(refused.length).toBe(24 - allowed);
    expect(refused.some((_, i) => i % 2 === 0) && replies.filter((reply, i) => i % 2 === 1 && reply.status === 429).length > 0).toBe(true);
  });
});
