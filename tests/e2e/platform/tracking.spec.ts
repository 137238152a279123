import { expect, test } from '@playwright/test';
import type { Request } from '@playwright/test';
import { newVisitor, storeSession } from './session.ts';

type Batch = { trackingId: string; userId: string; events: { type: string; screenName?: string }[] };

/** The next batch the page's sender posts (after its 5 s timer, or with sendBeacon on page hide). */
const nextBatch = (page: import('@playwright/test').Page) =>
  page.waitForRequest((request: Request) => request.url().includes('/105/api/tracking/batch') && request.method() === 'POST', { timeout: 15_000 });

test.describe('first-party analytics (spec §2: a loaded-screen event on every page load)', () => {
  test('each page reports its screen once, named by its path without slashes, under one tracking id', async ({ page, request }) => {
    test.setTimeout(60_000);
    const visitor = await newVisitor(request);
    await storeSession(page, visitor);

    const first = nextBatch(page);
    await page.goto('/news/');
    const batch = (await first).postDataJSON() as Batch;
    expect(batch.userId).toBe(String(visitor.userId));
    expect(batch.events.filter((e) => e.type === 'screen')).toEqual([expect.objectContaining({ screenName: 'news' })]);
    const stored = await (await first).response();
    expect(await stored?.json()).toEqual({ status: 'ok', response: { stored: batch.events.length } });
    const trackingId = await page.evaluate(() => localStorage.getItem('userTrackingId'));
    expect(trackingId).toBe(batch.trackingId);

    const second = nextBatch(page);
    await page.goto('/faq/');
    const next = (await second).postDataJSON() as Batch;
    expect(next.events.filter((e) => e.type === 'screen')).toEqual([expect.objectContaining({ screenName: 'faq' })]);
    expect(next.trackingId).toBe(trackingId);
  });

  test('a visitor without a user id sends nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/105/api/tracking')) sent.push(request.url());
    });
    await page.goto('/news/');
    await page.waitForTimeout(6_000);
    await page.goto('/faq/');
    expect(sent).toEqual([]);
  });
});
