import { expect, test } from '@playwright/test';
import { SECURITY_HEADERS } from '../../../src/lib/securityHeaders.ts';

test.describe('security headers', () => {
  for (const path of ['/', '/about/', '/no-such-page/', '/105/api/health', '/favicon.svg']) {
    test(`every security header on ${path}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()]).toBe(value);
    });
  }

  test('pages carry Astro’s CSP with hashes, and build assets are immutable', async ({ page, request }) => {
    await page.goto('/');
    const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(csp).toMatch(/script-src [^;]*'sha256-/);
    const asset = await page.locator('script[src^="/_astro/"], link[href^="/_astro/"]').first().evaluate((el) => el.getAttribute('src') ?? el.getAttribute('href'));
    expect(asset).toBeTruthy();
    const response = await request.get(asset ?? '');
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('no request to the site breaks the CSP', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
