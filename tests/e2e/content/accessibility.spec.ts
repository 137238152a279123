import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** One page of each kind. */
const PAGES = [
  '/',
  '/po-sts/',
  '/about/',
  '/news/',
  '/news/page/2/',
  '/good_to_know/',
  '/good_to_know/tags/',
  '/good_to_know/tags/osago/',
  '/faq/',
  '/city/',
  '/city/kazan/',
  '/osago/',
  '/rules/cashback-rules/',
  '/licenses/license-agreement/',
  '/insurance/osago/kbm/',
  '/reviews/',
  '/sitemap/',
  '/law-changes/',
  '/no-such-page/',
];

test.describe('accessibility (axe-core)', () => {
  for (const path of PAGES) {
    for (const width of [360, 1440]) {
      test(`${path} at ${width} px has no serious or critical violations`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
        expect(bad).toEqual([]);
      });
    }
  }

  test('pages do not scroll sideways at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ['/', '/news/', '/city/', '/sitemap/', '/licenses/license-agreement/', '/law-changes/']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
