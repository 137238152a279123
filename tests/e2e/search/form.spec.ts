import { expect, test } from '@playwright/test';
import { anonymousRuling, hydrated, searchByPlateAndSts, stsWithFines } from './fixtures.ts';

test.describe('the search form', () => {
  test('shows the validators’ messages next to the fields, linked for screen readers', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByLabel('Госномер', { exact: true }).fill('Ж123');
    await page.getByLabel('Регион').fill('0');
    await page.getByLabel('Номер СТС').fill('12 34');
    await page.getByRole('button', { name: 'Найти штрафы' }).click();
    const sts = page.getByLabel('Номер СТС');
    await expect(sts).toHaveAttribute('aria-invalid', 'true');
    await expect(sts).toHaveAccessibleDescription(/Некорректный номер СТС/);
    await expect(page.getByText('Некорректный номер СТС')).toBeVisible();
    await expect(page.getByText('Некорректный госномер')).toBeVisible();
    await expect(page.getByText('Некорректный код региона')).toBeVisible();
    // The first wrong field gets the focus; the address did not change.
    await expect(page.getByLabel('Госномер', { exact: true })).toBeFocused();
    expect(new URL(page.url()).pathname).toBe('/');

    await sts.fill('99 41 123456');
    await expect(sts).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByText('Некорректный номер СТС')).toHaveCount(0);
  });

  const fieldCases: [tab: string, label: string, value: string, message: string][] = [
    ['Права', 'Номер водительского удостоверения', '99 12', 'Некорректный номер водительского удостоверения'],
    ['VIN', 'VIN', 'XTA2109', 'Некорректный VIN'],
    ['Постановление (УИН)', 'Номер постановления (УИН)', '18810177250612002173', 'Некорректный номер постановления (УИН)'],
  ];
  for (const [tab, label, value, message] of fieldCases) {
    test(`the ${tab} tab checks its field: ${message}`, async ({ page }) => {
      await page.goto('/');
      await hydrated(page);
      await page.getByRole('tab', { name: tab }).click();
      await page.getByLabel(label).fill(value);
      await page.getByLabel(label).press('Enter');
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    });
  }

  test('the СТС tab refuses a 9-digit number: the СТС is 10 characters (issue 28)', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('tab', { name: 'СТС', exact: true }).click();
    const sts = page.getByLabel('Номер СТС');
    await sts.fill('994112345');
    await sts.press('Enter');
    await expect(page.getByText('Некорректный номер СТС')).toBeVisible();
    await expect(sts).toHaveAttribute('aria-invalid', 'true');
    expect(new URL(page.url()).pathname).toBe('/');
    await sts.fill('9941123456');
    await expect(sts).toHaveAttribute('aria-invalid', 'false');
  });

  test('masks the input as it is typed', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByLabel('Номер СТС').pressSequentially('99ук123456');
    await expect(page.getByLabel('Номер СТС')).toHaveValue('99 УК 123456');
    await page.getByLabel('Госномер', { exact: true }).pressSequentially('a123bc');
    await expect(page.getByLabel('Госномер', { exact: true })).toHaveValue('А123ВС');
  });

  test('tabs work from the keyboard: arrows, Home and End move and select', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Госномер и СТС' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'СТС', exact: true })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'СТС', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Госномер', { exact: true })).toHaveCount(0);
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Постановление (УИН)' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Госномер и СТС' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Постановление (УИН)' })).toBeFocused();
    await expect(page.getByRole('tab', { selected: false })).toHaveCount(4);
    await expect(page.getByRole('tabpanel')).toHaveAttribute('id', (await page.getByRole('tab', { selected: true }).getAttribute('aria-controls')) ?? '');
  });

  test('the button shows progress while the search runs', async ({ page }) => {
    await page.route('**/105/api/newuser', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/');
    await hydrated(page);
    await searchByPlateAndSts(page, stsWithFines.document);
    const busy = page.getByRole('button', { name: 'Ищем штрафы…' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
  });

  test('is in the page’s HTML and works without JavaScript: it sends its fields to /fines/, which finishes the search', async ({ browser }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Госномер и СТС' })).toHaveAttribute('aria-selected', 'true');
    await searchByPlateAndSts(page, stsWithFines.document);
    await expect(page).toHaveURL(/\/fines\/\?plateNumber=.+&plateRegion=.+&stsNumber=.+/);
    const sent = page.url();
    await noScript.close();

    const withScript = await browser.newContext();
    const next = await withScript.newPage();
    await next.goto(sent);
    await expect(next).toHaveURL(/\/fines\/\?sts=\d+$/);
    await expect(next.getByText(/^\d+ штраф/)).toBeVisible();
    await withScript.close();
  });

  test('fits a 360 px screen without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/po-sts/', '/po-nomeru-postanovleniya/']) {
      await page.goto(path);
      await hydrated(page);
      await page.getByRole('button', { name: 'Найти штрафы' }).click();
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
      expect(widths.scroll, path).toBeLessThanOrEqual(widths.view);
      const box = await page.locator('.fine-search').boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360, path).toBe(true);
    }
    await page.goto('/');
    await hydrated(page);
    await searchByPlateAndSts(page, stsWithFines.document);
    await expect(page.getByText(/^\d+ штраф/)).toBeVisible();
    for (const url of [page.url(), undefined]) {
      if (url === undefined) {
        await page.getByRole('link', { name: 'Подробнее' }).first().click();
        await expect(page.getByRole('heading', { name: 'Реквизиты для оплаты' })).toBeVisible();
      }
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
      expect(widths.scroll, page.url()).toBeLessThanOrEqual(widths.view);
    }
    // A 25-digit ruling number in the heading wraps instead of widening the page.
    await page.goto(`/fines/?uin=${anonymousRuling.fine.uin}`);
    await expect(page.getByText(/^\d+ штраф/)).toBeVisible();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.view);
  });
});
