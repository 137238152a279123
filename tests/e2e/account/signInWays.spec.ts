import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Waits until the page's islands have hydrated. */
async function ready(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** Plays a server with these ways (as production without SMS_PROVIDER or a provider's app answers). */
async function serverOffers(page: Page, ways: { phone: boolean; providers: string[] }) {
  await page.route('**/105/api/auth/ways', (route) => route.fulfill({ json: { status: 'ok', response: ways } }));
}

test.describe('only the ways of signing in the server offers, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no SMS and only VK ID: no phone tab (?mode=phone opens the e-mail form), no Яндекс ID button', async ({ page }) => {
    await serverOffers(page, { phone: false, providers: ['vk'] });
    await page.goto('/auth/?mode=phone');
    await ready(page);
    await expect(page.getByRole('heading', { name: 'Вход', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Вход' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'По номеру телефона' })).toHaveCount(0);
    const others = page.getByRole('group', { name: 'Другие способы входа' });
    await expect(others.getByRole('button', { name: 'VK ID' })).toBeVisible();
    await expect(others.getByRole('button', { name: 'Яндекс ID' })).toHaveCount(0);
  });

  test('nothing but e-mail: no provider group at all', async ({ page }) => {
    await serverOffers(page, { phone: false, providers: [] });
    await page.goto('/auth/');
    await ready(page);
    await expect(page.getByRole('tab', { name: 'Регистрация' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'По номеру телефона' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Другие способы входа' })).toHaveCount(0);
  });

  test('the sandbox provider down: the return page names it and offers the phone', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/auth/');
    await ready(page);
    await page.getByRole('group', { name: 'Другие способы входа' }).getByRole('button', { name: 'Яндекс ID' }).click();
    await page.getByLabel('Логин в песочнице').fill(`down-${Date.now() % 1e8}`);
    await page.getByRole('button', { name: 'Разрешить' }).click();
    await expect(page.getByRole('alert')).toHaveText('Яндекс ID не ответил, попробуйте ещё раз или войдите по номеру телефона');
    expect(page.url()).toMatch(/\/auth\/oauth\/$/);
  });
});
