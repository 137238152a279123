/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset) over the built site, page by page, printed as
 * a table: performance, accessibility, best practices, SEO, LCP, CLS and TBT. Build first
 * (`npm run build:test`); the script serves dist/ with the local server on a free port and a fresh
 * database, makes a fine to show (the public page of a shared fine, with its photos and payee), and
 * drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) through chrome-launcher.
 * Options: --only <path substring>, --runs N (median of N runs per page, default 1).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values: args } = parseArgs({ options: { only: { type: 'string' }, runs: { type: 'string', default: '1' } } });
const runs = Math.max(1, Number(args.runs));
const root = resolve(import.meta.dirname, '../..');

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

const port = await freePort();
const dataDir = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'));
const server = spawn(process.execPath, ['server/start.ts', '--no-build'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ACCESS_LOG: '0', LOG_LEVEL: 'warn', CLIENT_RATE_LIMIT: '0', LOOKUP_RATE_LIMIT: '0', PHOTO_DELAY_MS: '1500' },
  stdio: 'ignore',
});
const base = `http://localhost:${port}`;
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${base}/105/api/health`)).ok) break;
  } catch {
    // starting
  }
  if (i > 300) throw new Error('the local server did not start');
  await new Promise((wait) => setTimeout(wait, 200));
}

/** A shared fine to show: the pinned СТС's first fine, by its public link. */
async function sharedFine(): Promise<{ id: number; hash: string }> {
  const json = async (response: Response) => ((await response.json()) as { response: any }).response;
  const { clientId } = await json(await fetch(`${base}/105/api/client`));
  const user = await json(await fetch(`${base}/105/api/newuser`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ clientId, channel: 'fine', sts: '9941123456', plate: 'А123ВС77' }).toString() }));
  const headers = { 'X-Session': user.session, 'X-Rand': user.rand, 'X-User-Id': String(user.userId) };
  const [sts] = (await json(await fetch(`${base}/105/api/sts`, { headers }))).sts;
  const { fines } = await json(await fetch(`${base}/105/api/fineList/by/sts/${sts.id}`, { headers }));
  return { id: fines[0].id, hash: fines[0].shareHash };
}

const fine = await sharedFine();
const PAGES: [string, string][] = [
  ['home', '/'],
  ['landing (по СТС)', '/po-sts/'],
  ['article', '/good_to_know/'],
  ['FAQ', '/faq/'],
  ['city', '/city/moskva/'],
  ['fine list (no search)', '/fines/'],
  ['fine page (public link)', `/fines/info/${fine.hash}/`],
  ['fine page (signed out)', `/fines/${fine.id}/`],
  ['sign-in', '/auth/'],
  ['profile (signed out)', '/profile/'],
  ['checkout (no fines)', '/prepayment/'],
  ['map (cameras)', '/webview/ordinances-map/'],
];

const chrome = await chromeLauncher.launch({
  chromePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

type Row = { name: string; path: string; performance: number; accessibility: number; bestPractices: number; seo: number; lcp: number; cls: number; tbt: number; tti: number };
/** Accessibility audits a page failed, by page name (printed under the table). */
const a11yFailures = new Map<string, Set<string>>();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const rows: Row[] = [];
try {
  for (const [name, path] of PAGES.filter(([, p]) => args.only === undefined || p.includes(args.only))) {
    const samples: Row[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      const lhr = result?.lhr;
      if (lhr === undefined) throw new Error(`Lighthouse gave no result for ${path}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      samples.push({ name, path, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'), lcp: audit('largest-contentful-paint'), cls: audit('cumulative-layout-shift'), tbt: audit('total-blocking-time'), tti: audit('interactive') });
      for (const ref of lhr.categories['accessibility']?.auditRefs ?? []) {
        const found = lhr.audits[ref.id];
        if (ref.weight > 0 && found?.score !== null && found?.score !== undefined && found.score < 1) a11yFailures.set(name, (a11yFailures.get(name) ?? new Set()).add(ref.id));
      }
    }
    const pick = (key: keyof Omit<Row, 'name' | 'path'>) => median(samples.map((s) => s[key]));
    rows.push({ name, path, performance: pick('performance'), accessibility: pick('accessibility'), bestPractices: pick('bestPractices'), seo: pick('seo'), lcp: pick('lcp'), cls: pick('cls'), tbt: pick('tbt'), tti: pick('tti') });
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs}) ` : ''}mobile, ${base}`);
console.log('page                       perf  a11y  best   seo    LCP      CLS     TBT      TTI');
for (const r of rows) {
  console.log(
    `${r.name.padEnd(26)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(4)}  ${(r.lcp / 1000).toFixed(2).padStart(5)} s  ${r.cls.toFixed(3).padStart(6)}  ${r.tbt.toFixed(0).padStart(4)} ms  ${Number.isNaN(r.tti) ? '    —' : `${(r.tti / 1000).toFixed(2).padStart(5)} s`}`,
  );
}
for (const [name, ids] of a11yFailures) console.log(`${name}: accessibility audits not passed: ${[...ids].join(', ')}`);
