/**
 * `npm run bench:payments`: moneta Pay URL notifications under concurrency. Boots the API in-process
 * on PGlite in a temp folder (or BENCH_DATABASE_URL) behind a local HTTP server, starts N payments of
 * one fine each through the API, then sends every payment's signed notification K times (the repeats
 * moneta makes), shuffled, from C concurrent senders over HTTP. Prints notifications handled per
 * second, p50 and p99, and checks that each payment was settled exactly once. The senders run in a
 * child process (tests/bench/loadChild.ts), as moneta's do outside our server: senders sharing the
 * server's event loop timed their own waiting for it too.
 * Options: --payments N (300), --repeats K (4), --senders C (50).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { bootApi } from '../../server/boot.ts';
import { loadServerEnv } from '../../server/env.ts';
import { signedNotification } from '../../server/payments/gateways/moneta/protocol.ts';
import { answerBench, childJob, runInChild } from './loadChild.ts';

/** What the senders' process is asked to do: post each body (kept in a file) to `url`, `senders` at a time. */
type SendJob = { url: string; bodiesFile: string; senders: number };
/** What it answers: each notification's time in ms, sorted, how many were not acknowledged, and the run's length. */
type SendSummary = { latencies: number[]; failures: number; seconds: number };

const sendJob = childJob<SendJob>();
if (sendJob !== undefined) {
  const bodies = JSON.parse(await readFile(sendJob.bodiesFile, 'utf8')) as string[];
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const runStarted = performance.now();
  await Promise.all(
    Array.from({ length: sendJob.senders }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++] ?? '';
        const sent = performance.now();
        const reply = await fetch(sendJob.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
        const text = await reply.text();
        latencies.push(performance.now() - sent);
        if (!text.includes('<MNT_RESULT_CODE>200</MNT_RESULT_CODE>')) failures += 1;
      }
    }),
  );
  answerBench({ latencies: latencies.sort((a, b) => a - b), failures, seconds: (performance.now() - runStarted) / 1000 } satisfies SendSummary);
}

const { values: args } = parseArgs({ options: { payments: { type: 'string', default: '300' }, repeats: { type: 'string', default: '4' }, senders: { type: 'string', default: '50' } } });
const paymentCount = Number(args.payments);
const repeats = Number(args.repeats);
const senders = Number(args.senders);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-payments-'));
const env = loadServerEnv({
  DATA_DIR: dataDir,
  CLIENT_RATE_LIMIT: '0',
  LOOKUP_RATE_LIMIT: '0',
  PHOTO_DELAY_MS: '0',
  ACCESS_LOG: '0',
  LOG_LEVEL: 'warn',
  ...(process.env['BENCH_DATABASE_URL'] ? { DATABASE_URL: process.env['BENCH_DATABASE_URL'] } : {}),
});
const api = await bootApi(env, { runJobs: false });
const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** One JSON call; throws unless the envelope is ok. */
async function call(path: string, headers: Record<string, string> = {}, form?: Record<string, string>) {
  const response = await fetch(base + path, { method: form ? 'POST' : 'GET', headers: { ...headers, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, ...(form ? { body: new URLSearchParams(form).toString() } : {}) });
  const body = (await response.json()) as { status: string; response: any };
  if (body.status !== 'ok') throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.response;
}

try {
  // Payments of one fine each, from sandbox cars of their own.
  const payments: { id: string; total: number; fineId: number }[] = [];
  const { clientId } = await call('/105/api/client');
  const user = await call('/105/api/newuser', {}, { clientId, channel: 'fine' });
  const auth = { 'X-Session': user.session, 'X-Rand': user.rand, 'X-User-Id': String(user.userId) };
  const started = performance.now();
  for (let car = 0; payments.length < paymentCount && car < paymentCount * 10; car += 1) {
    const form = { sts: `66${String(10 + (car % 89))}${String(100_000 + car)}`, vehiclePlateNumber: `К${String(100 + (car % 899))}ХА`, vehiclePlateRegion: '96' };
    let item;
    try {
      item = (await call('/105/api/sts', auth, form)).item;
    } catch {
      continue;
    }
    const { fines } = await call(`/105/api/fineList/by/sts/${item.id}`, auth);
    for (const fine of (fines as { id: number; paid: boolean }[]).filter((f) => !f.paid)) {
      if (payments.length >= paymentCount) break;
      const { paymentId } = await call('/105/api/multipayment', auth, { fineIds: String(fine.id), paymentSystem: 'moneta', email: 'bench@example.ru', fio: 'Иванов Иван Иванович' });
      const state = await call(`/105/api/payment/${paymentId}`, auth);
      payments.push({ id: paymentId, total: state.total, fineId: fine.id });
    }
    // Documents per account are capped: a fresh user for the next batch of cars.
    if ((car + 1) % 45 === 0) Object.assign(auth, await (async () => {
      const next = await call('/105/api/newuser', {}, { clientId: (await call('/105/api/client')).clientId, channel: 'fine' });
      return { 'X-Session': next.session, 'X-Rand': next.rand, 'X-User-Id': String(next.userId) };
    })());
  }
  console.log(`${payments.length} payments started in ${((performance.now() - started) / 1000).toFixed(1)} s (${env.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);

  const { account } = api.deps.payments.moneta;
  const bodies = payments.flatMap((p) => Array.from({ length: repeats }, (_, i) => new URLSearchParams(Object.entries(signedNotification(account, p.id, String(700_000_000 + i), p.total)).map(([k, v]) => [k, v ?? ''])).toString()));
  for (let i = bodies.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [bodies[i], bodies[j]] = [bodies[j] ?? '', bodies[i] ?? ''];
  }
  const bodiesFile = join(dataDir, 'notifications.json');
  await writeFile(bodiesFile, JSON.stringify(bodies));
  const { latencies, failures, seconds } = await runInChild<SendSummary>(import.meta.url, { url: `${base}/105/api/payment/moneta/notify`, bodiesFile, senders } satisfies SendJob);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const orders = await api.deps.db.selectFrom('orders').select(['fine_id']).where('fine_id', 'in', payments.map((p) => p.fineId)).execute();
  const settled = await api.deps.db.selectFrom('payments').select('id').where('id', 'in', payments.map((p) => p.id)).where('status', '=', 'success').execute();
  console.log(`\n${bodies.length} notifications (${repeats} per payment), ${senders} concurrent senders over HTTP:`);
  console.log(`  ${(bodies.length / seconds).toFixed(0)} notifications/s   p50 ${pick(0.5).toFixed(0)} ms   p99 ${pick(0.99).toFixed(0)} ms   refused ${failures}`);
  console.log(`  payments paid ${settled.length}/${payments.length}, orders ${orders.length} (exactly one per payment: ${orders.length === payments.length && settled.length === payments.length ? 'yes' : 'NO'})`);
} finally {
  server.close();
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
}
