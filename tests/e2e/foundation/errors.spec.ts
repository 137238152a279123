import { expect, test } from '@playwright/test';

test.describe('navigation errors (spec §8)', () => {
  test('an unmatched route answers 404 with «Нет страницы по адресу {path}» (in Russian, issue 24 item 20)', async ({ page }) => {
    const response = await page.goto('/no-such-page/here/');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-text')).toHaveText('Нет страницы по адресу /no-such-page/here/');
    await expect(page.locator('.error-page img')).toBeVisible();
    await expect(page.locator('#main').getByRole('link', { name: 'Проверить штрафы' })).toHaveAttribute('href', '/');
  });

  test('a route whose validate rule fails shows «Нет страницы по адресу {path}» and keeps the address', async ({ page }) => {
    const response = await page.goto('/fines/not-a-number/');
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe('/fines/not-a-number/');
    await expect(page.getByTestId('not-found-text')).toHaveText('Нет страницы по адресу /fines/not-a-number/');
  });

  test('the missing path is escaped, never markup', async ({ page }) => {
    const response = await page.goto('/%3Cscript%3Ealert(1)%3C/script%3E/');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-text')).toHaveText('Нет страницы по адресу /%3Cscript%3Ealert(1)%3C/script%3E/');
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain('<script>alert(1)');
    expect(await page.locator('script:not([src]):not([type])').evaluateAll((s) => s.some((e) => e.textContent?.includes('alert(1)')))).toBe(false);
  });
});
