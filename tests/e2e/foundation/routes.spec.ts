import { expect, test } from '@playwright/test';
import { layoutFor } from '../../../src/lib/routes.ts';

/** The information routes of issue 3, with their route-table pattern. */
const INFO_ROUTES: [url: string, pattern: string][] = [
  ['/', '/'],
  ['/about/', '/about'],
  ['/contacts/', '/contacts'],
  ['/politics_personal_data/', '/politics_personal_data'],
  ['/licences/personal-data-policy.html', '/licences/personal-data-policy.html'],
  ['/404/', '/404'],
  ['/widget-test-page/', '/widget-test-page'],
  ['/cashback-conditions/', '/cashback-conditions'],
  ['/email/subscribe/', '/email/subscribe'],
  ['/email/unsubscrib/', '/email/unsubscrib'],
];

test.describe('information routes', () => {
  for (const [url, pattern] of INFO_ROUTES) {
    test(`${url} answers 200 in the ${layoutFor(pattern)} layout`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator('body')).toHaveAttribute('data-layout', layoutFor(pattern));
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      await expect(page.locator('h1')).toHaveCount(1);
      expect((await page.title()).length).toBeGreaterThan(5);
    });
  }

  test('the shell has the main navigation and the legal links', async ({ page }) => {
    await page.goto('/about/');
    const nav = page.getByRole('navigation', { name: 'Основные разделы' });
    await expect(nav.getByRole('link', { name: 'Новости' })).toHaveAttribute('href', '/news/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Пользовательское соглашение' })).toHaveAttribute('href', '/licenses/license-agreement/');
    await expect(footer.getByRole('link', { name: 'Политика обработки персональных данных' })).toBeVisible();
    await expect(footer).toContainText(String(new Date().getFullYear()));
  });

  test('the three addresses of the personal-data policy show one text with one canonical', async ({ page }) => {
    const texts: string[] = [];
    for (const url of ['/politics_personal_data/', '/licences/personal-data-policy.html']) {
      await page.goto(url);
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/licenses\/personal-data-policy\/$/);
      texts.push(await page.locator('article').innerText());
    }
    expect(texts[0]).toBe(texts[1]);
    expect(texts[0]?.length).toBeGreaterThan(2000);
  });

  test('a loaded-screen event with the path without slashes is emitted on load', async ({ page }) => {
    await page.goto('/email/subscribe/');
    await page.waitForLoadState('load');
    const events = await page.evaluate(() => (window as unknown as { siteEvents: { recent: unknown[] } }).siteEvents.recent);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'loadedScreen', payload: expect.objectContaining({ screenName: 'emailsubscribe' }) }),
    );
  });
});
