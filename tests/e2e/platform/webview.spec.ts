import { expect, test } from '@playwright/test';
import { newVisitor } from './session.ts';

test.describe('partner webviews (spec §2, §3)', () => {
  for (const [path, platform] of [
    ['/webview/2gis-apk/', 'web'],
    ['/webview/mostrides/', 'web'],
    ['/tbank-test/', 'chromeExtension'],
  ] as const) {
    test(`${path} stores the credentials for ${platform} and strips them from the address`, async ({ page, request }) => {
      const visitor = await newVisitor(request);
      const query = new URLSearchParams({ session: visitor.session, rand: visitor.rand, userId: String(visitor.userId), salt: visitor.salt, platform, utm_source: 'partner' });
      const response = await page.goto(`${path}?${query.toString()}`);
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      await expect(page).toHaveURL((url) => url.pathname === path && url.search === '?utm_source=partner');
      expect(page.url()).not.toContain(visitor.session);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authData') ?? '{}') as Record<string, { session: string; userId: string }>);
      expect(stored[platform]).toMatchObject({ session: visitor.session, userId: String(visitor.userId) });
      expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
      await expect(page.locator('#app-banner')).toHaveCount(0);
      await expect(page.locator('body')).toHaveAttribute('data-layout', 'empty');
      await expect(page.getByRole('button', { name: /Найти|Проверить/ }).first()).toBeVisible();
    });
  }

  test('malformed credentials are not stored but still leave the address', async ({ page }) => {
    await page.goto('/webview/2gis-apk/?session=nope&userId=1&rand=x');
    await expect(page).toHaveURL((url) => url.search === '');
    const stored = await page.evaluate(() => localStorage.getItem('authData'));
    expect(stored === null || !stored.includes('nope')).toBe(true);
  });
});
