import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { hydrated, searchByPlateAndSts, stsWithFines } from './fixtures.ts';

/** Searches the pinned vehicle (all its fines are camera fines) and opens the first fine. */
async function openCameraFine(page: Page): Promise<void> {
  await page.goto('/');
  await hydrated(page);
  await searchByPlateAndSts(page, stsWithFines.document);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).first();
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'Подробнее' }).click();
  await expect(page).toHaveURL(/\/fines\/\d+\/$/);
}

test.describe('a fine’s page', () => {
  test('shows time, place, article, amounts, payee and the photos (after the photo wait)', async ({ page }) => {
    await openCameraFine(page);
    await expect(page.locator('body')).toHaveAttribute('data-layout', 'default');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText(/Постановление № \d{20,25} от \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
    await expect(page.getByText(/ст\. 12\.\d+ КоАП РФ/).first()).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Время' })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Координаты' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^\d+\.\d{6}, \d+\.\d{6}$/ })).toBeVisible();
    for (const term of ['Получатель', 'ИНН', 'КПП', 'Счёт', 'БИК', 'Банк', 'ОКТМО', 'КБК', 'УИН']) {
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    }
    await expect(page.getByText(/Запрашиваем фото/)).toBeVisible();
    await expect(page.getByRole('button', { name: /открыть фото 1 из/ })).toBeVisible({ timeout: 15_000 });
    // The pay button leads to the checkout of exactly this fine.
    const fineId = /\/fines\/(\d+)\/$/.exec(page.url())?.[1];
    await expect(page.getByRole('link', { name: 'Оплатить' })).toHaveAttribute('href', `/prepayment/?fineIds=${fineId}`);
  });

  test('the lightbox: opens as a modal dialog, arrows navigate, zoom by buttons, keys and wheel, Escape closes and returns focus', async ({ page }) => {
    await openCameraFine(page);
    const first = page.getByRole('button', { name: /открыть фото 1 из 2/ });
    await first.click({ timeout: 15_000 });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toHaveAttribute('aria-label', 'Фото нарушения, 1 из 2');
    await expect(page.getByRole('button', { name: 'Закрыть' })).toBeFocused();
    const zoom = page.getByRole('status', { name: 'Масштаб' });

    await page.keyboard.press('ArrowRight');
    await expect(dialog).toHaveAttribute('aria-label', 'Фото нарушения, 2 из 2');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toHaveAttribute('aria-label', 'Фото нарушения, 1 из 2');
    // The photo strip opens the lightbox with looping: left from the first goes to the last.
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toHaveAttribute('aria-label', 'Фото нарушения, 2 из 2');

    await expect(zoom).toHaveText('100 %');
    await page.getByRole('button', { name: 'Увеличить' }).click();
    await expect(zoom).toHaveText('112 %');
    await page.keyboard.press('-');
    await expect(zoom).toHaveText('100 %');
    await page.locator('.lightbox__stage').hover();
    await page.mouse.wheel(0, -100);
    await expect(zoom).toHaveText('112 %');
    for (let i = 0; i < 30; i++) await page.keyboard.press('+');
    await expect(zoom).toHaveText('300 %');
    await expect(page.getByRole('button', { name: 'Увеличить' })).toBeDisabled();

    // Focus stays inside the dialog.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(first).toBeFocused();
  });

  test('a photo that fails to load shows the broken-image placeholder and a notice', async ({ page }) => {
    await page.route(/\/105\/api\/photo\/image\//, (route) => route.fulfill({ status: 404, body: 'нет' }));
    await openCameraFine(page);
    await page.getByRole('button', { name: /открыть фото 1 из/ }).click({ timeout: 15_000 });
    await expect(page.getByRole('img', { name: 'Фото не загрузилось' })).toBeVisible();
    await expect(page.getByText('Не удалось загрузить фотографию нарушения')).toBeVisible();
  });

  test('an address with a non-numeric id answers 404 «Нет страницы по адресу …», keeping the address', async ({ page }) => {
    const response = await page.goto('/fines/abc/');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Нет страницы по адресу /fines/abc/')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/fines/abc/');
  });

  test('a fine that is not the visitor’s says it was not found', async ({ page }) => {
    const response = await page.goto('/fines/999999/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Штраф не найден' })).toBeVisible();
  });
});
