import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { linkIn, waitForMail } from './mailbox.ts';
import { codeFromMailbox, formatted, freshMobile } from './sms.ts';

/** Waits until the page's islands have hydrated. */
async function ready(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** A fresh address per test and viewport. */
const address = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;

for (const viewport of [
  { name: '390 px', width: 390, height: 844 },
  { name: '1440 px', width: 1440, height: 900 },
]) {
  test.describe(`a phone in the profile, at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an e-mail account links a phone by a code, signs in by it on another device, and unlinks it', async ({ page, context, browser }) => {
      test.setTimeout(90_000);
      const email = address('phone-link');
      await page.goto('/auth/?mode=register');
      await ready(page);
      await page.getByLabel('E-mail').fill(email);
      await page.getByText('Согласен на обработку персональных данных').click();
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await expect(page.getByRole('heading', { name: 'Проверьте почту' })).toBeVisible();
      await page.goto(linkIn(await waitForMail(email)));
      await expect(page.getByRole('heading', { name: 'Вы вошли' })).toBeVisible();
      await page.getByRole('button', { name: 'Задать позже' }).click();
      await expect(page).toHaveURL(/\/profile\/$/);
      await ready(page);
      await page.getByRole('tab', { name: 'Уведомления и настройки' }).click();

      const mobile = freshMobile();
      const phoneGroup = page.getByRole('group', { name: 'Телефон' });
      await phoneGroup.getByLabel('Номер телефона').pressSequentially(mobile);
      await phoneGroup.getByRole('button', { name: 'Получить код' }).click();
      await expect(phoneGroup.getByRole('status')).toContainText(`+7 ${mobile.slice(0, 3)} ***-**-${mobile.slice(8, 10)}`);
      await expect(phoneGroup.getByTestId('resend-wait')).toBeVisible();
      await phoneGroup.getByLabel('Код из SMS').fill(await codeFromMailbox(context, mobile));
      await phoneGroup.getByRole('button', { name: 'Привязать номер' }).click();
      await expect(phoneGroup.getByText(`Вход по номеру ${formatted(mobile)}`)).toBeVisible();

      // Another browser signs in by the number and lands in the same account (its e-mail shows).
      const other = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const second = await other.newPage();
      await second.goto('/auth/?mode=phone');
      await ready(second);
      await second.getByLabel('Номер телефона').pressSequentially(mobile);
      await second.getByRole('button', { name: 'Получить код' }).click();
      await expect(second.getByLabel('Код из SMS')).toBeVisible();
      await second.getByLabel('Код из SMS').fill(await codeFromMailbox(other, mobile, 2));
      await second.getByRole('button', { name: 'Войти' }).click();
      await expect(second).toHaveURL(/\/profile\/$/);
      await expect(second.getByText(email).first()).toBeVisible();
      await other.close();

      await phoneGroup.getByRole('button', { name: 'Отвязать номер' }).click();
      await expect(phoneGroup.getByLabel('Номер телефона')).toBeVisible();
      await expect(page.getByText(`Вход по номеру ${formatted(mobile)}`)).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
