import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { codeFromMailbox, freshMobile } from './sms.ts';

/** Waits until the page's islands have hydrated. */
async function ready(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** The session this browser keeps, to ask the API afterwards whether it still works. */
async function storedSession(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('authData') ?? '{}').web as { session: string; rand: string; userId: number });
}

test.describe('erasure of an account without an e-mail, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a phone account erases itself by a code by SMS', async ({ page, context, request }) => {
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
    const session = await storedSession(page);
    await page.getByRole('tab', { name: 'Уведомления и настройки' }).click();
    const panel = page.getByRole('region', { name: 'Мои данные' });
    await expect(panel).toContainText('кодом из SMS');
    await panel.getByRole('button', { name: /Удалить аккаунт: код по SMS на \+7 \d{3} \*\*\*-\*\*-\d{2}/ }).click();
    await expect(panel.getByRole('status')).toContainText('Код отправлен');
    await panel.getByLabel('Код из SMS').fill(await codeFromMailbox(context, mobile, 2));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await panel.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
    await expect(page.getByRole('heading', { name: 'Аккаунт удалён' })).toBeVisible();
    const after = await request.get('/105/api/user', { headers: { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) } });
    expect(after.status()).toBe(401);
  });

  test('a VK ID account erases itself after a fresh sign-in through VK ID', async ({ page, request }) => {
    test.setTimeout(60_000);
    const login = `erase${Date.now() % 1e8}${Math.floor(Math.random() * 1e4)}`;
    await page.goto('/auth/');
    await ready(page);
    await page.getByRole('group', { name: 'Другие способы входа' }).getByRole('button', { name: 'VK ID' }).click();
    await page.getByLabel('Логин в песочнице').fill(login);
    await page.getByRole('button', { name: 'Разрешить' }).click();
    await expect(page).toHaveURL(/\/profile\/$/);
    await ready(page);
    const session = await storedSession(page);
    await page.getByRole('tab', { name: 'Уведомления и настройки' }).click();
    const panel = page.getByRole('region', { name: 'Мои данные' });
    await panel.getByRole('button', { name: 'Подтвердить удаление через VK ID' }).click();
    await page.getByLabel('Логин в песочнице').fill(login);
    await page.getByRole('button', { name: 'Разрешить' }).click();
    await expect(page).toHaveURL(/\/profile\/#settings$/);
    await ready(page);
    const back = page.getByRole('region', { name: 'Мои данные' });
    await expect(back.getByRole('status')).toContainText('Вход через VK ID подтверждён');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await back.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
    await expect(page.getByRole('heading', { name: 'Аккаунт удалён' })).toBeVisible();
    const after = await request.get('/105/api/user', { headers: { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) } });
    expect(after.status()).toBe(401);
  });
});
