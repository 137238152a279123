/**
 * `npm run bench:tracking`: analytics ingestion. Starts the local server in-process on a free port
 * with PGlite in a temp dir (or BENCH_DATABASE_URL), signs a visitor up, then drives the site's
 * sender call (POST /105/api/tracking/batch, `--batch` events each, as the page's beacon sends them)
 * and single `loadedScreen` calls with autocannon at a fixed rate; prints events stored per second,
 * p50/p99 and errors, and checks the table holds every acknowledged event. Goal: ≥ 5,000 events/s
 * with p99 ≤ 30 ms. The per-address limit is off here (all load comes from one address).
 * Options: --rate N requests/s (default 700, the rate README's figures were taken at), --batch N (default 10), --duration S (default 10).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { serve } from '@hono/node-server';
import { bootApi } from '../../server/boot.ts';
import { createSiteApp } from '../../server/site/siteApp.ts';
import { loadServerEnv } from '../../server/env.ts';
import { answerBench, childJob, runInChild } from './loadChild.ts';

/** The part of autocannon's API used here (the package ships no types). */
type Autocannon = (options: {
  url: string;
  connections: number;
  overallRate: number;
  duration: number;
  requests: { method: string; path: string; headers: Record<string, string>; body: string }[];
}) => Promise<{ requests: { average: number; total: number }; latency: { p50: number; p99: number; max: number }; errors: number; timeouts: number; non2xx: number; '2xx': number }>;
type Summary = Awaited<ReturnType<Autocannon>>;
type LoadJob = { url: string; rate: number; connections: number; seconds: number; requests: Parameters<Autocannon>[0]['requests'] };

// The load runs in a child process so that generating it does not take the server's event loop.
const loadJob = childJob<LoadJob>();
if (loadJob !== undefined) {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  answerBench(await autocannon({ url: loadJob.url, connections: loadJob.connections, overallRate: loadJob.rate, duration: loadJob.seconds, requests: loadJob.requests }));
}

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '700' },
    batch: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const rate = Number(args.rate);
const batchSize = Number(args.batch);
const duration = Number(args.duration);
const connections = Number(args.connections);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-tracking-'));
const env = loadServerEnv({ DATA_DIR: dataDir, ACCESS_LOG: '0', CLIENT_RATE_LIMIT: '0', TRACKING_RATE_LIMIT: '0', ...(process.env['BENCH_DATABASE_URL'] ? { DATABASE_URL: process.env['BENCH_DATABASE_URL'] } : {}) });
const api = await bootApi(env);
const site = createSiteApp({ distDir: join(import.meta.dirname, '../../dist'), api: api.app, allowedHosts: env.webviewAllowedHosts });
const server = serve({ fetch: site.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
console.log(`Local server on ${base} (${env.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);

const json = async (path: string, init: RequestInit = {}) => ((await (await fetch(base + path, init)).json()) as { response: any }).response;
const { clientId } = await json('/105/api/client');
const user = await json('/105/api/newuser', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ clientId, channel: 'fine' }).toString() });
const trackingId = randomUUID();
const screens = ['index', 'fines', 'profile', 'po-sts', 'finesinfo', 'news'];
const batchBody = JSON.stringify({
  trackingId,
  userId: String(user.userId),
  session: user.session,
  channel: 'WebVersion',
  events: Array.from({ length: batchSize }, (_, i) => (i % 3 === 2 ? { type: 'form', formName: 'search', formData: { tab: 'sts' } } : { type: 'screen', screenName: screens[i % screens.length], referer: '' })),
});
const screenBody = JSON.stringify({ trackingId, userId: String(user.userId), session: user.session, screenName: 'fines', referer: 'https://yandex.ru/' });
const requests = [
  ...Array.from({ length: 4 }, () => ({ method: 'POST', path: '/105/api/tracking/batch', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: batchBody })),
  { method: 'POST', path: '/105/api/tracking/loadedScreen', headers: { 'content-type': 'application/json' }, body: screenBody },
];
const eventsPerRequest = (4 * batchSize + 1) / 5;

/** Runs autocannon at a fixed rate; returns its summary. */
function drive(seconds: number): Promise<Summary> {
  const job: LoadJob = { url: base, rate, connections, seconds, requests };
  return runInChild<Summary>(import.meta.url, job);
}

const count = async () => Number((await api.deps.db.selectFrom('tracking_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

try {
  await drive(2);
  const before = await count();
  const result = await drive(duration);
  const stored = (await count()) - before;
  const errors = result.errors + result.timeouts + result.non2xx;
  const eventsPerSecond = stored / duration;
  console.log(`\n${rate} requests/s for ${duration} s (${connections} connections), 4 of 5 a batch of ${batchSize}, 1 of 5 a single loadedScreen (~${eventsPerRequest.toFixed(1)} events per request):`);
  console.log(`  ${result.requests.average.toFixed(0)} requests/s, ${eventsPerSecond.toFixed(0)} events/s stored (${stored} in the table, ${result['2xx']} requests acknowledged)`);
  console.log(`  p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms   errors ${errors}`);
  const met = eventsPerSecond >= 5000 && result.latency.p99 <= 30 && errors === 0;
  console.log(`\nGoal ≥ 5,000 events/s with p99 ≤ 30 ms and no errors: ${met ? 'met' : 'NOT met'}`);
} finally {
  server.close();
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
}
