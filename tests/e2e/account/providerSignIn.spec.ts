import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Waits until the page's islands have hydrated. */
async function ready(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

for (const viewport of [
  { name: '390 px', width: 390, height: 844 },
  { name: '1440 px', width: 1440, height: 900 },
]) {
  for (const provider of [
    { name: 'Яндекс ID', key: 'yandex' },
    { name: 'VK ID', key: 'vk' },
  ]) {
    test.describe(`sign-in by ${provider.key}, at ${viewport.name}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test(`${provider.name}: the sandbox's consent page, back to the site, the profile; declining signs nobody in`, async ({ page }) => {
        test.setTimeout(60_000);
        const login = `e2e${Date.now() % 1e8}${Math.floor(Math.random() * 1e4)}`;
        await page.goto('/auth/');
        await ready(page);
        await page.getByRole('group', { name: 'Другие способы входа' }).getByRole('button', { name: provider.name }).click();
        await expect(page.getByRole('heading', { name: provider.name })).toBeVisible();
        expect(new URL(page.url()).pathname).toBe(`/105/oauth-sandbox/${provider.key}/authorize`);
        await page.getByRole('button', { name: 'Отказать' }).click();
        await expect(page.getByRole('alert')).toHaveText(`Вы отменили вход через ${provider.name}`);
        // The code and state left the address bar.
        expect(page.url()).toMatch(/\/auth\/oauth\/$/);

        await page.getByRole('link', { name: 'На страницу входа' }).click();
        await ready(page);
        await page.getByRole('group', { name: 'Другие способы входа' }).getByRole('button', { name: provider.name }).click();
        await page.getByLabel('Логин в песочнице').fill(login);
        await page.getByRole('button', { name: 'Разрешить' }).click();
        await expect(page).toHaveURL(/\/profile\/$/);
        await ready(page);
        await expect(page.getByRole('tab', { name: 'Уведомления и настройки' })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      });
    });
  }
}
