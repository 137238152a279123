/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset) over the built site, page by page, printed as
 * a table: performance, accessibility, best practices, SEO, LCP, CLS and TBT. Build first
 * (`npm run build:test`); the script serves dist/ with the local server on a free port and a fresh
 * database, makes the visitors of tests/bench/lighthouseVisitors.ts (a driver who searched by СТС, an
 * account signed in by phone) and stores their auth data before their own pages, and drives Debian's
 * Chromium (CHROME_PATH, default /usr/bin/chromium) through chrome-launcher. Under the table: each
 * page's LCP element; BENCH_LHR_DIR=folder keeps each run's whole report. Options: --only <path or name substring>, --runs N (median of N runs, default 1).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startBuiltSite } from './builtSite.ts';
import { searchedDriver, signedInAccount } from './lighthouseVisitors.ts';
import type { StoredAuth } from './lighthouseVisitors.ts';

const { values: args } = parseArgs({ options: { only: { type: 'string' }, runs: { type: 'string', default: '1' } } });
const runs = Math.max(1, Number(args.runs));

const site = await startBuiltSite('lighthouse');
const base = site.base;
const driver = await searchedDriver(base);
const account = await signedInAccount(base);
/** Each page: its name, its path and, for a visitor's own page, the auth data stored before it loads. */
const PAGES: [string, string, StoredAuth?][] = [
  ['home', '/'],
  ['landing (по СТС)', '/po-sts/'],
  ['article', '/good_to_know/'],
  ['FAQ', '/faq/'],
  ['city', '/city/moskva/'],
  ['fine list (no search)', '/fines/'],
  ['fine list (after search)', `/fines/?sts=${driver.stsId}`, driver.auth],
  ['fine page (public link)', `/fines/info/${driver.fine.hash}/`],
  ['fine page (own, by id)', `/fines/${driver.fine.id}/`, driver.auth],
  ['fine page (signed out)', `/fines/${driver.fine.id}/`],
  ['sign-in', '/auth/'],
  ['profile (signed out)', '/profile/'],
  ['profile (signed in)', '/profile/', account],
  ['checkout (no fines)', '/prepayment/'],
  ['map (cameras)', '/webview/ordinances-map/'],
];

const chrome = await chromeLauncher.launch({
  chromePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const EMPTY_AUTH = { clientId: '', salt: '', rand: '', userId: '', session: '' };

/**
 * Stores a visitor's auth data (and the signed-in cookie) for the site's origin and empties the HTTP
 * cache, so that a run with storage kept (Lighthouse's disableStorageReset) still loads every file cold.
 */
async function storeAuth(auth: StoredAuth): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/robots.txt`);
    await page.evaluate((data: string) => {
      window.localStorage.clear();
      window.localStorage.setItem('authData', data);
      document.cookie = 'session-logged=1; path=/';
    }, JSON.stringify({ web: auth, chromeExtension: EMPTY_AUTH }));
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await page.close();
  }
}

type Row = { name: string; path: string; performance: number; accessibility: number; bestPractices: number; seo: number; lcp: number; cls: number; tbt: number; tti: number };
/** Accessibility audits a page failed, by page name (printed under the table). */
const a11yFailures = new Map<string, Set<string>>();
/** The LCP element of each page's last run, by page name. */
const lcpElements = new Map<string, string>();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const rows: Row[] = [];
try {
  for (const [name, path, auth] of PAGES.filter(([n, p]) => args.only === undefined || p.includes(args.only) || n.includes(args.only))) {
    const samples: Row[] = [];
    for (let run = 0; run < runs; run += 1) {
      if (auth !== undefined) await storeAuth(auth);
      const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], disableStorageReset: auth !== undefined };
      const result = await lighthouse(`${base}${path}`, flags);
      const lhr = result?.lhr;
      if (lhr === undefined) throw new Error(`Lighthouse gave no result for ${path}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      samples.push({ name, path, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'), lcp: audit('largest-contentful-paint'), cls: audit('cumulative-layout-shift'), tbt: audit('total-blocking-time'), tti: audit('interactive') });
      if (process.env['BENCH_LHR_DIR'] !== undefined) await writeFile(join(process.env['BENCH_LHR_DIR'], `${name.replace(/[^a-z]+/gi, '-')}-${run}.json`), JSON.stringify(lhr));
      const lcpNode = ((lhr.audits['lcp-breakdown-insight']?.details as { items?: { type: string; nodeLabel?: string; selector?: string }[] } | undefined)?.items ?? []).find((item) => item.type === 'node');
      lcpElements.set(name, lcpNode === undefined ? '—' : `${lcpNode.selector ?? ''} «${(lcpNode.nodeLabel ?? '').slice(0, 60)}»`);
      for (const ref of lhr.categories['accessibility']?.auditRefs ?? []) {
        const found = lhr.audits[ref.id];
        if (ref.weight > 0 && found?.score !== null && found?.score !== undefined && found.score < 1) a11yFailures.set(name, (a11yFailures.get(name) ?? new Set()).add(ref.id));
      }
    }
    const pick = (key: keyof Omit<Row, 'name' | 'path'>) => median(samples.map((s) => s[key]));
    rows.push({ name, path, performance: pick('performance'), accessibility: pick('accessibility'), bestPractices: pick('bestPractices'), seo: pick('seo'), lcp: pick('lcp'), cls: pick('cls'), tbt: pick('tbt'), tti: pick('tti') });
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  await site.stop();
}

console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs}) ` : ''}mobile, ${base}`);
console.log('page                       perf  a11y  best   seo    LCP      CLS     TBT      TTI');
for (const r of rows) {
  console.log(
    `${r.name.padEnd(26)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(4)}  ${(r.lcp / 1000).toFixed(2).padStart(5)} s  ${r.cls.toFixed(3).padStart(6)}  ${r.tbt.toFixed(0).padStart(4)} ms  ${Number.isNaN(r.tti) ? '    —' : `${(r.tti / 1000).toFixed(2).padStart(5)} s`}`,
  );
}
for (const [name, element] of lcpElements) console.log(`LCP element, ${name}: ${element}`);
for (const [name, ids] of a11yFailures) console.log(`${name}: accessibility audits not passed: ${[...ids].join(', ')}`);
