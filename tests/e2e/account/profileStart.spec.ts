import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { stsWithFines } from '../search/fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

// Issue 24, item 9: register → the profile's first screen: one clear action, three sections, and
// several fines ticked and paid at once — at 390 and 1440 px.

const address = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;

/** Waits until the page's islands have hydrated. */
async function ready(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

for (const viewport of [
  { name: '390 px', width: 390, height: 844 },
  { name: '1440 px', width: 1440, height: 900 },
]) {
  test.describe(`a new profile, at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('register → the first screen asks for a car or a licence, not filters of zeros; then the list pays several fines at once', async ({ page }) => {
      test.setTimeout(90_000);
      const email = address('start');
      await page.goto('/auth/?mode=register');
      await ready(page);
      await page.getByLabel('E-mail').fill(email);
      await page.getByText('Согласен на обработку персональных данных').click();
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await page.goto(linkIn(await waitForMail(email)));
      await page.getByRole('button', { name: 'Задать позже' }).click();
      await expect(page).toHaveURL(/\/profile\/$/);
      await ready(page);

      // The first screen: three sections, «Штрафы» open, and the one action in view.
      const tabs = page.getByRole('tablist', { name: 'Разделы профиля' }).getByRole('tab');
      await expect(tabs).toHaveText(['Штрафы', 'Документы', 'Уведомления и настройки']);
      await expect(page.getByRole('tab', { name: 'Штрафы' })).toHaveAttribute('aria-selected', 'true');
      const start = page.getByRole('region', { name: 'Добавьте автомобиль или права' });
      await expect(start).toBeInViewport();
      const box = await start.getByRole('heading', { name: 'Добавьте автомобиль или права' }).boundingBox();
      expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      await expect(start.getByRole('button', { name: 'Автомобиль (СТС)' })).toHaveAttribute('aria-pressed', 'true');
      // No list of empty categories with zero counts.
      await expect(page.getByRole('tablist', { name: 'Категории' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Штрафы, налоги и долги' })).toHaveCount(0);

      // The sections answer the keyboard and the address.
      await page.getByRole('tab', { name: 'Штрафы' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Документы' })).toBeFocused();
      await expect(page.getByRole('tab', { name: 'Документы' })).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\/profile\/#documents$/);
      await expect(page.getByRole('region', { name: /^Автомобили \(СТС\)/ })).toBeVisible();
      await expect(start).toBeHidden();
      await page.keyboard.press('End');
      await expect(page.getByRole('tab', { name: 'Уведомления и настройки' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('region', { name: 'Уведомления и вход' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Мои данные' })).toBeVisible();
      await page.reload();
      await ready(page);
      await expect(page.getByRole('tab', { name: 'Уведомления и настройки' })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('tab', { name: 'Штрафы' }).click();

      // The one action: the car, right in the first step; the list appears in its place.
      const car = stsWithFines.document;
      await start.getByLabel('Госномер').fill(car.plateNumber);
      await start.getByLabel('Регион').fill(car.plateRegion);
      await start.getByLabel('Номер СТС').fill(car.sts);
      await start.getByRole('button', { name: 'Добавить' }).click();
      const list = page.getByRole('region', { name: 'Штрафы, налоги и долги' });
      await expect(list).toBeVisible();
      await expect(start).toHaveCount(0);
      await expect(list.getByRole('status')).toBeHidden({ timeout: 15_000 });
      await expect(list.getByRole('listitem')).toHaveCount(stsWithFines.subject.fines.length);
      await expect(list.getByText(/ч\. \d+ ст\. 12\.\d+ КоАП РФ/).first()).toBeVisible();

      // Several fines ticked and paid at once, as on the search list.
      const ticks = list.getByRole('checkbox', { name: 'Выбрать', exact: true });
      await ticks.nth(0).check();
      await ticks.nth(1).check();
      const pay = list.getByRole('link', { name: /^Оплатить выбранные \(2\)/ });
      await expect(pay).toBeVisible();
      await expect(pay).toHaveAttribute('href', /^\/prepayment\/\?fineIds=\d+,\d+$/);
      await list.getByLabel('Выбрать все неоплаченные').check();
      await expect(list.getByRole('link', { name: new RegExp(`^Оплатить выбранные \\(${stsWithFines.subject.fines.length}\\)`) })).toBeVisible();
    });
  });
}
