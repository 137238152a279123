/**
 * `npm run bench:map`: the cameras service under load (issue 13). Starts the API in-process on a free
 * port with PGlite in a temp dir (or BENCH_DATABASE_URL), replaces the camera set with 100,000
 * cameras (the repository's generator at 4×), then drives GET /coordinates/cameras with 50 keep-alive
 * clients (node:http, in a child process), at country, city and street zoom over boxes spread across the set's cities: once at a
 * client's pace (--rate requests/s each, default 20: a map asks once per pan or zoom) and once as fast
 * as the clients can (the server's ceiling); prints p50/p99, requests/s and the answer size per zoom. Then the map page's JavaScript: the
 * scripts /webview/ordinances-map/ loads and everything they import, raw and gzipped (run
 * `npm run build` first). Goal: p99 ≤ 20 ms at any zoom. The page's time to interactive is measured
 * by `npm run bench:lighthouse -- --only ordinances-map`.
 * Options: --duration S per zoom (default 8), --connections N clients (default 50), --rate N per client (default 20).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { bootApi } from '../../server/boot.ts';
import { loadServerEnv } from '../../server/env.ts';
import { replaceCameras } from '../../server/map/cameraStore.ts';
import { MAP_CITIES } from '../../server/map/data/cities.ts';
import { generateCameraSet } from '../../server/map/data/generateCameras.ts';
import { answerBench, childJob, runInChild } from './loadChild.ts';

/** What one load run measured. */
type Summary = { p50: number; p99: number; perSecond: number; errors: number };
/** A load run: clients, each asking the paths in turn (from a random start), pausing to keep `perClient` requests/s (0: no pause). */
type LoadJob = { base: string; paths: string[]; clients: number; seconds: number; perClient: number };

/** GET with node:http (lighter than fetch, so the load generator takes less of the machine); the status, 0 on failure. */
function get(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    request(url, { agent }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', () => resolve(0))
      .end();
  });
}

/** Runs the clients (in the child process) and summarises their latencies. */
async function runClients(job: LoadJob): Promise<Summary> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + job.seconds * 1000;
  const interval = job.perClient > 0 ? 1000 / job.perClient : 0;
  const client = async (index: number) => {
    // One keep-alive connection per client, as a browser keeps to one API host.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // Clients start spread over one interval, as real ones would not all pan at the same instant.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * interval));
    for (let i = index; performance.now() < deadline; i++) {
      const started = performance.now();
      const status = await get(job.base + job.paths[i % job.paths.length], agent);
      if (status !== 200) errors++;
      const took = performance.now() - started;
      latencies.push(took);
      if (interval > took) await new Promise((resolve) => setTimeout(resolve, interval - took));
    }
  };
  await Promise.all(Array.from({ length: job.clients }, (_, i) => client(i * 7)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), perSecond: latencies.length / job.seconds, errors };
}

// The load runs in a child process so that generating it does not take the server's event loop.
const loadJob = childJob<LoadJob>();
if (loadJob !== undefined) answerBench(await runClients(loadJob));

const { values: args } = parseArgs({ options: { duration: { type: 'string', default: '8' }, connections: { type: 'string', default: '50' }, rate: { type: 'string', default: '20' } } });
const duration = Number(args.duration);
const connections = Number(args.connections);
/** Box requests per second each client makes (a map asks once per pan or zoom; 20/s is a client panning non-stop). */
const perClient = Number(args.rate);

/** Runs the clients in a child process; returns their summary. */
function drive(base: string, paths: string[], seconds: number, rate: number): Promise<Summary> {
  const job: LoadJob = { base, paths, clients: connections, seconds, perClient: rate };
  return runInChild<Summary>(import.meta.url, job);
}

/** A box `widthDeg` wide (and a screen's proportion high) around a point, as the query string. */
function boxPath(lat: number, lon: number, widthDeg: number, zoom: number): string {
  const half = widthDeg / 2;
  const halfLat = half * 0.6 * Math.cos((lat * Math.PI) / 180);
  const q = new URLSearchParams({ leftUpLat: (lat + halfLat).toFixed(5), leftUpLon: (lon - half).toFixed(5), rightDownLat: (lat - halfLat).toFixed(5), rightDownLon: (lon + half).toFixed(5), zoom: String(zoom) });
  return `/coordinates/cameras?${q.toString()}`;
}

/** The scripts a built page loads, and every chunk they import, with their raw and gzipped sizes. */
function pageScripts(distDir: string, page: string): { files: number; raw: number; gzip: number } {
  const html = readFileSync(join(distDir, page, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<script[^>]*src="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const seen = new Set<string>();
  let raw = 0;
  let gzip = 0;
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(join(distDir, path));
    raw += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
    for (const m of code.toString('utf8').matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)) queue.push(join(dirname(path), m[1] ?? ''));
  }
  return { files: seen.size, raw, gzip };
}

/** The map's own background (issue 24): the lazy chunks and the data files a view fetches, gzipped. */
function backgroundSizes(distDir: string): string[] {
  const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const astro = join(distDir, '_astro');
  const chunk = (prefix: string) => readdirSync(astro).filter((f) => f.startsWith(prefix) && f.endsWith('.js')).map((f) => gz(join(astro, f)))[0] ?? 0;
  const data = join(import.meta.dirname, '../../src/islands/map/data');
  const cells = (dir: string) => readdirSync(join(data, dir)).map((f) => gz(join(data, dir, f))).sort((a, b) => a - b);
  const land = cells('land-2');
  const roads = cells('roads-2');
  const median = (list: number[]) => list[Math.floor(list.length / 2)] ?? 0;
  return [
    `Own background (no tile server), gzipped: map chunk ${kb(chunk('backgroundLayer.'))}, roads.json ${kb(gz(join(data, 'roads.json')))}, world band ${kb(gz(join(data, 'land-0.json')))}, region band ${kb(gz(join(data, 'land-1.json')))}`,
    `  detailed cells: ${land.length} files, median ${kb(median(land))}, largest ${kb(land[land.length - 1] ?? 0)}; Moscow's ${kb(gz(join(data, 'land-2/30_50.json')))}`,
    `  fine page's small map: chunk ${kb(chunk('placeBackground.'))}, road cells median ${kb(median(roads))}, largest ${kb(roads[roads.length - 1] ?? 0)}`,
  ];
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-map-'));
// Every client of the load comes from 127.0.0.1: the per-address limit (MAP_RATE_LIMIT) would answer most of it 429.
const env = loadServerEnv({ DATA_DIR: dataDir, ACCESS_LOG: '0', MAP_RATE_LIMIT: '0', ...(process.env['BENCH_DATABASE_URL'] ? { DATABASE_URL: process.env['BENCH_DATABASE_URL'] } : {}) });
const api = await bootApi(env, { runJobs: false });
const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  const cameras = generateCameraSet(4);
  let started = performance.now();
  await replaceCameras(api.deps.db, cameras);
  const stored = performance.now() - started;
  started = performance.now();
  const { createCameraIndex } = await import('../../server/map/cameraIndex.ts');
  await createCameraIndex(api.deps.db).warm();
  console.log(`${cameras.length.toLocaleString('en-US')} cameras stored in ${(stored / 1000).toFixed(1)} s; index built in ${((performance.now() - started) / 1000).toFixed(2)} s (${env.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  // The app's own index was built at boot over the repository's set: it sees the new revision now.
  await api.deps.cameras.refresh();
  await fetch(`${base}${boxPath(55.75, 37.62, 0.4, 11)}`);

  const cities = MAP_CITIES.slice(0, 30);
  const zooms: [string, number, string[]][] = [
    ['country (zoom 4, all of Russia)', 4, [`/coordinates/cameras?leftUpLat=72&leftUpLon=19&rightDownLat=41&rightDownLon=180&zoom=4`, `/coordinates/cameras?leftUpLat=66&leftUpLon=25&rightDownLat=42&rightDownLon=110&zoom=4`]],
    ['city (zoom 11)', 11, cities.map((c) => boxPath(c.centre[0], c.centre[1], 0.5, 11))],
    ['street (zoom 16)', 16, cities.flatMap((c) => [0, 1, 2].map((i) => boxPath(c.centre[0] + 0.01 * i, c.centre[1] - 0.01 * i, 0.02, 16)))],
  ];
  const rate = connections * perClient;
  let worstP99 = 0;
  for (const [title, pace] of [[`${connections} clients, ${perClient} requests/s each (up to ${rate} requests/s)`, perClient], [`${connections} clients as fast as they can (the server's ceiling)`, 0]] as const) {
    console.log(`\nGET /coordinates/cameras, ${title}, ${duration} s per zoom:`);
    for (const [name, , paths] of zooms) {
      const sizes = await Promise.all(paths.slice(0, 10).map(async (path) => (await (await fetch(base + path)).text()).length));
      const result = await drive(base, paths, duration, pace);
      if (pace > 0) worstP99 = Math.max(worstP99, result.p99);
      const ms = (value: number) => value.toFixed(1).padStart(5);
      console.log(`  ${name.padEnd(32)} p50 ${ms(result.p50)} ms  p99 ${ms(result.p99)} ms  ${result.perSecond.toFixed(0).padStart(6)} req/s  answer ~${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024)} KB  errors ${result.errors}`);
    }
  }
  console.log(`\nGoal p99 ≤ 20 ms at any zoom with ${connections} clients: ${worstP99 <= 20 ? 'met' : 'NOT met'} (worst p99 ${worstP99.toFixed(1)} ms at the clients' pace)`);

  const distDir = join(import.meta.dirname, '../../dist');
  if (existsSync(join(distDir, 'webview/ordinances-map/index.html'))) {
    const js = pageScripts(distDir, 'webview/ordinances-map');
    console.log(`\nMap page JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB, ${(js.gzip / 1024).toFixed(1)} KB gzipped (Leaflet included)`);
    for (const line of backgroundSizes(distDir)) console.log(line);
  } else {
    console.log('\nMap page JavaScript: no build in dist/ (run npm run build first)');
  }
} finally {
  server.close();
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
}
