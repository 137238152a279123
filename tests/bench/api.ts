/**
 * `npm run bench:api`: the API's search endpoints under a fixed load. Starts the local server in-process on a
 * free port with PGlite in a temp dir (or BENCH_DATABASE_URL), creates a user and documents, warms
 * up, then drives fineList by СТС and by car, one fine and the anonymous УИН search with autocannon
 * at a fixed rate, and prints requests/s, p50, p99 and errors — for the mix, and with `--each` per
 * endpoint. Target on a 2-core machine with PGlite: p99 ≤ 25 ms at 500 requests/s, no errors.
 * Options: --rate N (default 500), --duration S (default 10), --each.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createRequire } from 'node:module';
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
  requests: { method: string; path: string; headers: Record<string, string> }[];
}) => Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}>;
/** Summary of one autocannon run. */
type Summary = Awaited<ReturnType<Autocannon>>;

/** What the load thread is asked to do. */
type LoadJob = { url: string; rate: number; connections: number; seconds: number; requests: { method: string; path: string; headers: Record<string, string> }[] };

// The load runs in a child process so that generating it does not steal the server's event loop
// (autocannon cannot run in a worker thread: there it reports raw histograms to its own parent).
const loadJob = childJob<LoadJob>();
if (loadJob !== undefined) {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  answerBench(await autocannon({ url: loadJob.url, connections: loadJob.connections, overallRate: loadJob.rate, duration: loadJob.seconds, requests: loadJob.requests }));
}

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    each: { type: 'boolean', default: false },
  },
});
const rate = Number(args.rate);
const duration = Number(args.duration);
const connections = Number(args.connections);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
const env = loadServerEnv({
  DATA_DIR: dataDir,
  UIN_RATE_LIMIT: '0',
  CLIENT_RATE_LIMIT: '0',
  LOOKUP_RATE_LIMIT: '0',
  PHOTO_DELAY_MS: '0',
  ACCESS_LOG: '0',
  LOG_LEVEL: 'warn',
  ...(process.env['BENCH_DATABASE_URL'] ? { DATABASE_URL: process.env['BENCH_DATABASE_URL'] } : {}),
});
const started = performance.now();
const api = await bootApi(env);
// The same request handling as `npm start` (access log off): headers, redirect rules, then the API.
const site = createSiteApp({ distDir: join(import.meta.dirname, '../../dist'), api: api.app, allowedHosts: env.webviewAllowedHosts });
const server = serve({ fetch: site.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
console.log(`Local server on ${base} (${env.databaseUrl ? 'PostgreSQL' : 'PGlite'}), opened in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** One JSON call to the API; throws unless the envelope is ok. */
async function call(method: string, path: string, headers: Record<string, string> = {}, form?: Record<string, string>) {
  const response = await fetch(base + path, {
    method,
    headers: { ...headers, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  const body = (await response.json()) as { status: string; response: any };
  if (body.status !== 'ok') throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.response;
}

// A user with the pinned СТС (three fines) and a few ordinary vehicles.
const { clientId } = await call('GET', '/105/api/client');
const user = await call('POST', '/105/api/newuser', {}, { clientId, channel: 'fine', sts: '9941123456', plate: 'А123ВС77' });
const auth = { 'X-Session': user.session, 'X-Rand': user.rand, 'X-User-Id': String(user.userId) };
const [sts] = (await call('GET', '/105/api/sts', auth)).sts;
const { fines } = await call('GET', `/105/api/fineList/by/sts/${sts.id}`, auth);
const cars = ['Е321КХ190', 'О777ОО777', 'С065МК78', 'Т500УХ116'];
for (const car of cars) await call('GET', `/105/api/fineList/by/car/${encodeURIComponent(car)}`, auth);
const uin = fines[0].uin as string;

const ENDPOINTS = [
  { name: 'fineList/by/sts', method: 'GET' as const, path: `/105/api/fineList/by/sts/${sts.id}`, headers: auth },
  { name: 'fineList/by/car', method: 'GET' as const, path: `/105/api/fineList/by/car/${encodeURIComponent(cars[0] ?? '')}`, headers: auth },
  { name: 'fine', method: 'GET' as const, path: `/105/api/fine?fine=${fines[1].id}`, headers: auth },
  { name: 'fine/uinInfo', method: 'GET' as const, path: `/105/api/fine/uinInfo?uin=${uin}`, headers: {} },
];

/** One autocannon run in a child process against `url`. */
function load(url: string, share: number, requests: typeof ENDPOINTS, seconds: number): Promise<Summary> {
  const job: LoadJob = { url, rate: rate / share, connections: Math.max(1, Math.round(connections / share)), seconds, requests: requests.map(({ method, path, headers }) => ({ method, path, headers })) };
  return runInChild<Summary>(import.meta.url, job);
}

/** One line of figures. */
type Figures = { rps: number; p50: number; p99: number; max: number; errors: number; total: number };

/**
 * Runs autocannon at a fixed overall rate over the given requests, split evenly over `urls` (one
 * server, or several processes behind a balancer), and prints one line: requests/s summed, the
 * slowest p50/p99/max of the targets.
 */
async function drive(label: string, requests: typeof ENDPOINTS, seconds: number, quiet = false, urls: readonly string[] = [base]): Promise<Figures> {
  const results = await Promise.all(urls.map((url) => load(url, urls.length, requests, seconds)));
  const figures: Figures = {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    total: results.reduce((sum, r) => sum + r.requests.total, 0),
  };
  if (!quiet) {
    console.log(
      `${label.padEnd(18)} ${figures.rps.toFixed(0).padStart(5)} req/s   p50 ${String(figures.p50).padStart(3)} ms   ` +
        `p99 ${String(figures.p99).padStart(3)} ms   max ${String(figures.max).padStart(4)} ms   errors ${figures.errors}   (${figures.total} requests)`,
    );
  }
  return figures;
}

/** Starts `node server/start.ts --no-build` on the benchmark's PostgreSQL; resolves with its address when healthy. */
async function startReplica(databaseUrl: string, name: string): Promise<{ url: string; stop: () => void }> {
  const probe = serve({ fetch: () => new Response(''), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => probe.once('listening', () => resolve()));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const child = spawn(process.execPath, ['server/start.ts', '--no-build'], {
    cwd: join(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: join(dataDir, name), ACCESS_LOG: '0', LOG_LEVEL: 'warn', UIN_RATE_LIMIT: '0', CLIENT_RATE_LIMIT: '0', LOOKUP_RATE_LIMIT: '0', PHOTO_DELAY_MS: '0' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${url}/105/api/health`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`replica ${name} did not start`);
}

const replicas: { url: string; stop: () => void }[] = [];
try {
  await drive('warm-up', ENDPOINTS, 3, true);
  console.log(`\nFixed rate ${rate} req/s, ${duration} s, ${connections} connections:`);
  const mix = await drive('mix of all four', ENDPOINTS, duration);
  if (args.each) for (const endpoint of ENDPOINTS) await drive(endpoint.name, [endpoint], duration);
  const verdict = mix.p99 <= 25 && mix.errors === 0 ? 'met' : 'NOT met';
  console.log(`\nTarget p99 ≤ 25 ms with no errors at ${rate} req/s: ${verdict}`);
  // Issue 17: the same load over two server processes on the same PostgreSQL (what a load balancer does).
  if (env.databaseUrl === undefined) {
    console.log('\nTwo-process run skipped: it needs PostgreSQL (BENCH_DATABASE_URL=postgres://…), PGlite lives inside one process.');
  } else {
    replicas.push(await startReplica(env.databaseUrl, 'a'), await startReplica(env.databaseUrl, 'b'));
    await drive('warm-up', ENDPOINTS, 3, true, replicas.map((r) => r.url));
    const one = await drive('1 process', ENDPOINTS, duration, true, [replicas[0]?.url ?? base]);
    const two = await drive('2 processes', ENDPOINTS, duration, true, replicas.map((r) => r.url));
    console.log(`\nSame mix at ${rate} req/s on PostgreSQL, server processes started with npm start's code:`);
    console.log('processes   req/s    p50     p99     max   errors');
    for (const [label, f] of [['1', one], ['2', two]] as const) {
      console.log(`${label.padEnd(11)} ${f.rps.toFixed(0).padStart(5)}  ${String(f.p50).padStart(4)} ms ${String(f.p99).padStart(4)} ms ${String(f.max).padStart(5)} ms  ${f.errors}`);
    }
  }
} finally {
  for (const replica of replicas) replica.stop();
  server.close();
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
}
