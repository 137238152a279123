import { expect, test } from '@playwright/test';
import { waitForMails } from '../account/mailbox.ts';
import { address, hydrated, newAccount, storeSession } from './session.ts';

for (const viewport of [
  { name: '360 px', width: 360, height: 740 },
  { name: '1440 px', width: 1440, height: 900 },
]) {
  test(`a support ticket from the footer, at ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const email = address('support');
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Написать в поддержку' }).click();
    await expect(page).toHaveURL(/\/support\/$/);
    await hydrated(page);
    await expect(page.getByText(/платформа сайт, версия \d+\.\d+\.\d+/)).toBeVisible();
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByText('Укажите e-mail, чтобы мы могли ответить')).toBeVisible();
    await expect(page.getByText('Опишите, что случилось', { exact: true })).toBeVisible();
    await page.getByLabel('E-mail для ответа').fill(email);
    await page.getByLabel('Сообщение').fill('Не открывается фото нарушения на странице штрафа.');
    await page.getByRole('button', { name: 'Отправить' }).click();
    const done = page.getByRole('status').filter({ hasText: /Обращение №\d+ отправлено/ });
    await expect(done).toBeVisible();
    const number = /№(\d+)/.exec((await done.textContent()) ?? '')?.[1];
    const [mail] = await waitForMails(email, /^Мы получили ваше обращение/);
    expect(mail?.subject).toBe(`Мы получили ваше обращение №${number}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test('the error screens lead to support', async ({ page }) => {
  await page.goto('/no-such-page/');
  await page.getByRole('main').getByRole('link', { name: 'Написать в поддержку' }).click();
  await expect(page).toHaveURL(/\/support\/$/);
});

test('a signed-in user rates the service; the rating goes to the team through the mail relay', async ({ page, request }) => {
  const account = await newAccount(request, address('rating'));
  await storeSession(page, account);
  await page.goto('/support/');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Оцените сервис' });
  await form.getByRole('button', { name: 'Отправить отзыв' }).click();
  await expect(form.getByRole('alert')).toHaveText('Выберите оценку от 1 до 5');
  await form.getByLabel('4').check();
  await form.getByLabel('Что улучшить? (необязательно)').fill('Добавьте оплату по QR-коду');
  const relayed = page.waitForResponse((response) => response.url().includes('/105/api/mail/send'));
  await form.getByRole('button', { name: 'Отправить отзыв' }).click();
  expect((await relayed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Спасибо за оценку' })).toBeVisible();
});
