import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { address, newAccount, storeSession } from '../platform/session.ts';

// Issue 24 item 7: no dead ends — every page has the site's header (in the app's webviews, a back
// control); after sign-in the header shows the account and «Выйти». Item 6: the phone menu is an
// accessible disclosure; the app banner stays away from task pages and, once closed, from every page.

const PHONE = { width: 390, height: 844 };

/** The pages the issue found without a way back, and the layouts they stand for. */
const FRAMED_PAGES = [
  '/organization/',
  '/download-file/',
  '/prepayment/success/',
  '/push/alerts/',
  '/fine-analytics/',
  '/invoice/abcdefghijklmnop1234/',
  '/b2b/',
  '/reset/abcdefghijklmnop1234/',
  '/faq/',
];

/** The header's main sections, as a screen reader finds them. */
const sections = (page: Page) => page.getByRole('navigation', { name: 'Основные разделы' });

for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
  test(`at ${viewport.width} px every listed page has the site header: the logo home, the sections, the account`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const path of FRAMED_PAGES) {
      await page.goto(path);
      // /organization/ hands a visitor who is not signed in on to /auth/: let it, or the next goto is aborted.
      if (path === '/organization/') await page.waitForURL(/\/auth\//);
      await expect(page.getByRole('link', { name: 'Штрафы Онлайн — на главную' }), path).toBeVisible();
      await expect(page.locator('[data-account-link]'), path).toBeVisible();
      if (viewport.width >= 1000) await expect(sections(page).getByRole('link', { name: 'Вопросы' }), path).toBeVisible();
      else await expect(page.getByRole('button', { name: 'Меню' }), path).toBeVisible();
    }
  });
}

test('the map and the app’s webviews have a back control that leads to the site', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const [path, name] of [
    ['/webview/ordinances-map/', 'На сайт'],
    ['/webview/taxes/', 'Назад'],
    ['/webview/mostrides/', 'Назад'],
  ] as const) {
    await page.goto(path);
    const back = page.getByRole('link', { name });
    await expect(back, path).toBeVisible();
    await expect(back, path).toHaveAttribute('href', '/');
    await expect(page.locator('header.site-header'), path).toHaveCount(0);
  }
  // Opened from a page of the site, the control goes back to that very page.
  await page.goto('/faq/');
  await page.evaluate(() => location.assign('/webview/ordinances-map/'));
  await expect(page).toHaveURL(/ordinances-map/);
  await page.getByRole('link', { name: 'На сайт' }).click();
  await expect(page).toHaveURL(/\/faq\/$/);
});

test('the phone menu is a disclosure: aria-expanded, Escape closes and gives focus back, a click outside closes', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/news/');
  const menu = page.getByRole('button', { name: 'Меню' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toHaveAttribute('aria-controls', 'site-menu');
  await expect(sections(page)).toBeHidden();
  const headerHeight = (await page.locator('header.site-header').boundingBox())?.height;

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const faq = sections(page).getByRole('link', { name: 'Вопросы' });
  await expect(faq).toBeVisible();
  await expect(sections(page).getByRole('link', { name: 'Новости' })).toHaveAttribute('aria-current', 'page');
  // The sections open over the page, not inside the bar: the header keeps its height.
  expect((await page.locator('header.site-header').boundingBox())?.height).toBe(headerHeight);

  // Keyboard: Tab walks into the sections, Escape closes and returns to the button.
  await menu.focus();
  await page.keyboard.press('Tab');
  await expect(sections(page).getByRole('link', { name: 'Проверить штрафы' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(sections(page)).toBeHidden();

  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.locator('main').click({ position: { x: 10, y: 300 } });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  await menu.click();
  await faq.click();
  await expect(page).toHaveURL(/\/faq\/$/);
});

test('without JavaScript the menu control is a link to the site map', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Меню' }).click();
  await expect(page).toHaveURL(/\/sitemap\/$/);
  await context.close();
});

for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
  test(`at ${viewport.width} px after sign-in the header shows the account and «Выйти», from the first paint, on every page`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const email = address('header');
    await storeSession(page, await newAccount(request, email));
    // The profile loads the account: the session-logged cookie and the stored account are written.
    await page.goto('/profile/');
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'session-logged' && c.value === '1')).toBe(true);

    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const masked = `${email.slice(0, 2)}***@example.ru`;
    for (const path of ['/faq/', '/organization/', '/prepayment/success/', '/']) {
      await page.goto(path);
      const account = page.locator('[data-account-link]');
      await expect(account, path).toHaveAttribute('href', '/profile/');
      await expect(account, path).toContainText('Профиль');
      await expect(account, path).not.toContainText('Войти');
      await expect(account, path).toHaveAccessibleName(`Профиль ${masked}`);
      if (viewport.width >= 1200) await expect(account.getByText(masked), path).toBeVisible();
      // Read before the first paint: the header never jumps from «Войти» to «Профиль».
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), `${path}: layout shift`).toBeLessThan(0.01);
    }

    // «Выйти» from the header ends the session and opens the home page signed out.
    if (viewport.width < 1000) await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('button', { name: 'Выйти из аккаунта' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-account-link]')).toHaveText('Войти');
    await expect(page.getByRole('button', { name: 'Выйти из аккаунта' })).toBeHidden();
    await page.goto('/profile/');
    await expect(page).toHaveURL(/\/auth\/\?back=%2Fprofile%2F/);
  });
}

test.describe('the app banner on a phone', () => {
  test.use({ viewport: PHONE });

  for (const path of ['/prepayment/', '/prepayment/success/', '/auth/', '/profile/', '/organization/', '/fine-analytics/', '/webview/taxes/']) {
    test(`never shows on the task page ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('load');
      await expect(page.locator('#app-banner')).toBeHidden();
    });
  }

  test('once closed it stays closed on every other page', async ({ page }) => {
    await page.goto('/news/');
    const banner = page.locator('#app-banner');
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Закрыть баннер приложения' }).click();
    await expect(banner).toBeHidden();
    for (const path of ['/', '/faq/', '/city/moskva/', '/news/']) {
      await page.goto(path);
      await page.waitForLoadState('load');
      await expect(banner, path).toBeHidden();
    }
  });
});
