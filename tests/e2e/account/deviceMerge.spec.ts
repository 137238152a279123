import { expect, test } from '@playwright/test';
import { hydrated, searchByPlateAndSts, stsWithFines } from '../search/fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

// Issue 23 item 8: a mailed link signs a device in, but what the device held before moves into that
// account only when the person says so on the device.

const address = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;

/** Registers `email` in a context of its own (the account's owner elsewhere), skipping the password. */
async function accountElsewhere(browser: import('@playwright/test').Browser, email: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth/?mode=register');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByText('Согласен на обработку персональных данных').click();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.goto(linkIn(await waitForMail(email)));
  await page.getByRole('button', { name: 'Задать позже' }).click();
  await expect(page).toHaveURL(/\/profile\/$/);
  await context.close();
}

for (const choice of ['Перенести в аккаунт', 'Не переносить'] as const) {
  test(`a device that searched before opening a sign-in link is asked; «${choice}»`, async ({ page, browser }) => {
    test.setTimeout(60_000);
    const email = address('merge');
    await accountElsewhere(browser, email);

    // This device finds fines without an account.
    await page.goto('/');
    await hydrated(page);
    await searchByPlateAndSts(page, stsWithFines.document);
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).first()).toBeVisible({ timeout: 15_000 });

    await page.goto('/auth/?mode=link');
    await hydrated(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await page.goto(linkIn(await waitForMail(email, 2)));
    await expect(page.getByRole('heading', { name: 'Перенести данные с этого устройства?' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: choice }).click();
    await expect(page.getByRole('heading', { name: 'Вы вошли' })).toBeVisible();
  });
}
