import { expect, test } from '@playwright/test';
import { SECURITY_HEADERS } from '../../../src/lib/securityHeaders.ts';

test.describe('security headers', () => {
  for (const path of ['/', '/about/', '/no-such-page/', '/105/api/health', '/favicon.svg']) {
    test(`every security header on ${path}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        if (name === 'Content-Security-Policy') continue;
        expect(headers[name.toLowerCase()]).toBe(value);
      }
      const isPage = !path.startsWith('/105/') && !path.endsWith('.svg');
      // A page is sent its own policy (hashes, no framing, reports to us); anything else the site-wide one.
      if (isPage) {
        expect(headers['content-security-policy']).toMatch(/^default-src 'self'.*script-src 'self' 'sha256-.*frame-ancestors 'none'; report-uri \/105\/api\/csp-report; report-to csp$/);
        expect(headers['reporting-endpoints']).toBe('csp="/105/api/csp-report"');
      } else {
        expect(headers['content-security-policy']).toBe(SECURITY_HEADERS['Content-Security-Policy']);
      }
    });
  }

  test('no page allows inline style elements or scripts: only style attributes are unhashed', async ({ request }) => {
    for (const path of ['/', '/fines/123/', '/admin/']) {
      const csp = (await request.get(path)).headers()['content-security-policy'] ?? '';
      expect(csp.match(/'unsafe-inline'/g) ?? []).toHaveLength(1);
      expect(csp).toMatch(/style-src-attr 'unsafe-inline'/);
      expect(csp).not.toContain('localhost');
    }
  });

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
