/**
 * `npm run bench:paint`: when a visitor's own data is painted on a phone — the fine's amount (its own
 * page, by id and by a shared link), the first fine of the list after a search, the first ordinance of
 * the signed-in profile — read with the Element Timing API (src/lib/elementTiming.ts), beside FCP; and
 * when the fine's island has drawn the whole fine (its ruling's number, which only the island shows).
 * Debian's Chromium (CHROME_PATH) through Playwright, a 412 × 823 phone screen, and throttling applied
 * as Lighthouse's mobile preset simulates it: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU
 * 4× slower. Every run starts cold (a new browser context). Build first (`npm run build:test`).
 * Options: --runs N (median of N, default 3), --only <page name substring>.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import type { Browser } from 'playwright';
import { startBuiltSite } from './builtSite.ts';
import { searchedDriver, signedInAccount } from './lighthouseVisitors.ts';
import type { StoredAuth } from './lighthouseVisitors.ts';

const { values: args } = parseArgs({ options: { only: { type: 'string' }, runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(args.runs));
const EMPTY_AUTH = { clientId: '', salt: '', rand: '', userId: '', session: '' };

/** One page's cold load: FCP and when the named element was painted (ms from navigation start). */
async function measure(browser: Browser, url: string, element: string, auth: StoredAuth | undefined): Promise<{ fcp: number; painted: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    if (auth !== undefined) {
      await context.addInitScript((data: string) => {
        if (window.localStorage.getItem('authData') === null) window.localStorage.setItem('authData', data);
        document.cookie = 'session-logged=1; path=/';
      }, JSON.stringify({ web: auth, chromeExtension: EMPTY_AUTH }));
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    return await page.evaluate(
      (name: string) =>
        new Promise<{ fcp: number; painted: number }>((done, fail) => {
          const timeout = setTimeout(() => fail(new Error(`${name} was not painted in 60 s`)), 60_000);
          new PerformanceObserver((list) => {
            const entry = list.getEntries().find((e) => (e as PerformanceEntry & { identifier?: string }).identifier === name) as (PerformanceEntry & { renderTime: number; loadTime: number }) | undefined;
            if (entry === undefined) return;
            clearTimeout(timeout);
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
            done({ fcp, painted: entry.renderTime || entry.loadTime });
          }).observe({ type: 'element', buffered: true });
        }),
      element,
    );
  } finally {
    await context.close();
  }
}

const site = await startBuiltSite('paint');
const browser = await chromium.launch({ executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
try {
  const driver = await searchedDriver(site.base);
  const account = await signedInAccount(site.base);
  const PAGES: [string, string, string, StoredAuth?][] = [
    ['fine page (public link)', `/fines/info/${driver.fine.hash}/`, 'fine-amount'],
    ['fine page (own, by id)', `/fines/${driver.fine.id}/`, 'fine-amount', driver.auth],
    ['fine page, island (link)', `/fines/info/${driver.fine.hash}/`, 'fine-view'],
    ['fine page, island (own)', `/fines/${driver.fine.id}/`, 'fine-view', driver.auth],
    ['fine list (after search)', `/fines/?sts=${driver.stsId}`, 'fine-list-amount', driver.auth],
    ['profile (signed in)', '/profile/', 'profile-ordinance', account],
  ];
  console.log(`\nOwn data painted, phone with applied throttling (150 ms RTT, 1.6 Mbit/s, CPU 4×), median of ${runs}, ${site.base}`);
  console.log('page                         FCP       data painted   element');
  for (const [name, path, element, auth] of PAGES.filter(([n]) => args.only === undefined || n.includes(args.only))) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await measure(browser, `${site.base}${path}`, element, auth));
    const fcp = median(samples.map((s) => s.fcp));
    const painted = median(samples.map((s) => s.painted));
    console.log(`${name.padEnd(28)} ${(fcp / 1000).toFixed(2).padStart(5)} s   ${(painted / 1000).toFixed(2).padStart(5)} s        ${element}`);
  }
} finally {
  await browser.close();
  await site.stop();
}
