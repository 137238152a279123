import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { hydrated, searchByPlateAndSts, stsWithFines } from './fixtures.ts';

// Issue 27: a fine's title and amount are painted by the page's inline script as soon as the
// API answers, before the island's code has loaded; the island then replaces that first state with
// the same texts and one heading.

/** Searches the fines of the seeded СТС and opens the first one's page, hydrated. */
async function openFirstFine(page: Page): Promise<void> {
  // The photos are never asked here: the first request starts the camera archive's wait, which
  // finePage.spec.ts shows for this same fine.
  await page.route(/\/105\/api\/photo/, (route) => route.abort());
  await page.goto('/');
  await hydrated(page);
  await searchByPlateAndSts(page, stsWithFines.document);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).first();
  await card.getByRole('link', { name: 'Подробнее' }).click();
  await expect(page).toHaveURL(/\/fines\/\d+\/$/);
  await hydrated(page);
}

test('a fine’s amount is painted before its island loads, and the island shows the same', async ({ page }) => {
  await openFirstFine(page);
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const amount = (await page.locator('.fine-amount strong').textContent()) ?? '';
  expect(amount).toMatch(/^[\d\u00a0]+,\d{2}\u00a0₽$/);

  // The same page again with the island's code held back: the first state already holds the fine.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/FineDetails\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  const shell = page.locator('#fine-shell');
  await expect(shell.getByRole('region', { name: 'К оплате' })).toBeVisible();
  await expect(shell.locator('.fine-shell__title')).toHaveText(title);
  await expect(shell.locator('.fine-amount strong')).toHaveText(amount);
  // Painted into the placeholder's own box: nothing around it moved.
  expect((await shell.locator('.fine-shell__slot').boundingBox())?.height).toBe(150);
  await expect(page.locator('astro-island[component-url*="FineDetails"]')).toHaveAttribute('ssr', '');

  release();
  await hydrated(page);
  await expect(page.locator('#fine-shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.fine-amount strong')).toHaveText(amount);
});

// The fine's page starts its code after its first frame, and inlines only the CSS that frame uses
// (src/lib/afterFirstPaint.ts): the island must not draw before the rest of the sheet has come, and
// nothing the page does may break its CSP.
test('the fine’s island waits for the rest of the page’s style sheet, and the page keeps its CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await openFirstFine(page);

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/after-paint\.[^/]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  // Every chunk of the island's code is here (the loader preloads them all), and the time it takes to
  // hydrate when nothing holds it has passed; the sheet has not come.
  await page.waitForFunction(() => {
    const loader = document.querySelector('script[data-preloads]');
    const wanted = JSON.parse(loader?.getAttribute('data-preloads') ?? '[]') as string[];
    const loaded = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    return wanted.length > 0 && wanted.every((path) => loaded.has(path));
  });
  await page.waitForTimeout(1000);
  // The first state stays, styled by the inlined part.
  const shell = page.locator('#fine-shell');
  await expect(shell.getByRole('region', { name: 'К оплате' })).toBeVisible();
  expect((await shell.locator('.fine-shell__slot').boundingBox())?.height).toBe(150);
  await expect(page.locator('astro-island[component-url*="FineDetails"]')).toHaveAttribute('ssr', '');

  release();
  await hydrated(page);
  await expect(page.locator('#fine-shell')).toHaveCount(0);
  // What the island draws is styled by the sheet that came after the paint.
  const button = page.locator('.btn').first();
  await expect(button).toBeVisible();
  expect(await button.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('10px');
  expect(violations).toEqual([]);
});
