import { expect, test } from '@playwright/test';
import { hydrated } from '../search/fixtures.ts';

test.describe('/your-lost-profit/', () => {
  for (const width of [390, 1440]) {
    test(`the calculator counts as the visitor types, explains the formula and the errors (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/your-lost-profit/');
      await expect(page.locator('body')).toHaveAttribute('data-layout', 'landing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сколько автопарк теряет на штрафах');
      // The example is in the page's HTML already.
      await expect(page.getByText('Потери за год:')).toContainText('54 000');
      await hydrated(page);
      await page.getByLabel('Штрафов в месяц на весь автопарк').fill('100');
      await expect(page.getByText('Потери за год:')).toContainText('180 000');
      await expect(page.getByText(/^Формула: штрафов в год = 100 × 12 = 1200/)).toBeVisible();
      await page.getByLabel('Не оплачено в срок, %').fill('60');
      await expect(page.getByRole('alert')).toHaveText('Не больше доли штрафов, оплаченных без скидки: неоплаченный штраф скидку тоже теряет');
      await expect(page.getByText('Исправьте значения выше — и здесь появится расчёт.')).toBeVisible();
      await expect(page.getByLabel('Не оплачено в срок, %')).toHaveAttribute('aria-invalid', 'true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    });
  }
});
