import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { codeFromMailbox, freshMobile } from './sms.ts';

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

test.describe('Яндекс ID in the profile, at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a phone account links Яндекс ID through the consent page, then unlinks it', async ({ page, context }) => {
    test.setTimeout(60_000);
    const mobile = freshMobile();
    await page.goto('/auth/?mode=phone');
    await ready(page);
    await page.getByLabel('Номер телефона').pressSequentially(mobile);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').fill(await codeFromMailbox(context, mobile));
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/profile\/$/);
    await ready(page);
    await page.getByRole('tab', { name: 'Уведомления и настройки' }).click();
    const providers = page.getByRole('group', { name: 'Яндекс ID и VK ID' });
    await providers.getByRole('button', { name: 'Привязать Яндекс ID' }).click();
    await page.getByLabel('Логин в песочнице').fill(`link${Date.now() % 1e8}`);
    await page.getByRole('button', { name: 'Разрешить' }).click();
    await expect(page).toHaveURL(/\/profile\/#settings$/);
    await ready(page);
    const linked = page.getByRole('group', { name: 'Яндекс ID и VK ID' });
    await expect(linked.getByText(/Яндекс ID привязан/)).toBeVisible();
    await linked.getByRole('button', { name: 'Отвязать Яндекс ID' }).click();
    await expect(linked.getByRole('button', { name: 'Привязать Яндекс ID' })).toBeVisible();
  });
});
