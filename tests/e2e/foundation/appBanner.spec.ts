import { expect, test } from '@playwright/test';

const PHONE = { width: 390, height: 844 };
const banner = '#app-banner';

test.describe('mobile-app banner', () => {
  test('shows on a phone with the 4.8/5 rating', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/about/');
    await expect(page.locator(banner)).toBeVisible();
    await expect(page.getByTestId('app-rating')).toHaveText('4.8/5');
  });

  test('is hidden on a 1280 px screen', async ({ page }) => {
    await page.goto('/about/');
    await expect(page.locator(banner)).toBeHidden();
  });

  for (const url of ['/about/?utm_source=Android', '/about/?utm_source=IOS', '/about/?utm_source=banner_news', '/about/?fromApp=1']) {
    test(`is hidden for ${url}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(url);
      await expect(page.locator(banner)).toBeHidden();
    });
  }

  test('closing hides it and sets isMobileAppBanner=false for 1800 s', async ({ page, context }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/about/');
    await page.getByRole('button', { name: 'Закрыть баннер приложения' }).click();
    await expect(page.locator(banner)).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === 'isMobileAppBanner');
    expect(cookie?.value).toBe('false');
    expect(cookie?.path).toBe('/');
    const ttl = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(1790);
    expect(ttl).toBeLessThanOrEqual(1800);
    await page.reload();
    await expect(page.locator(banner)).toBeHidden();
  });
});
