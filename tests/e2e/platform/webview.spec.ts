import { expect, test } from '@playwright/test';
import { newVisitor, storeSession } from './session.ts';

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

  test('an app hands its session over by a one-time code, exchanged by POST', async ({ page, request }) => {
    const visitor = await newVisitor(request);
    const headers = { 'X-Session': visitor.session, 'X-Rand': visitor.rand, 'X-User-Id': String(visitor.userId) };
    const code = ((await (await request.post('/105/api/handoff', { headers, form: { platform: 'web' } })).json()) as { response: { code: string } }).response.code;
    await page.goto(`/webview/2gis-apk/?handoff=${code}&utm_source=partner`);
    await expect(page).toHaveURL((url) => url.search === '?utm_source=partner');
    await expect.poll(async () => page.evaluate(() => JSON.parse(localStorage.getItem('authData') ?? '{}').web?.userId as string | undefined)).toBe(String(visitor.userId));
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authData') ?? '{}').web.session as string);
    expect(stored).not.toBe(visitor.session);
  });

  test("a link with another user's credentials asks before replacing the session present (issue 23)", async ({ page, request }) => {
    const mine = await newVisitor(request);
    const stranger = await newVisitor(request);
    await storeSession(page, mine);
    const query = new URLSearchParams({ session: stranger.session, rand: stranger.rand, userId: String(stranger.userId), platform: 'web' });
    await page.goto(`/webview/2gis-apk/?${query.toString()}`);
    const dialog = page.getByRole('dialog', { name: 'Ссылка открывает другой аккаунт' });
    await expect(dialog).toBeVisible();
    const storedUser = () => page.evaluate(() => JSON.parse(localStorage.getItem('authData') ?? '{}').web.userId as string);
    expect(await storedUser()).toBe(String(mine.userId));
    await dialog.getByRole('button', { name: 'Остаться в своём аккаунте' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await storedUser()).toBe(String(mine.userId));
  });
});
