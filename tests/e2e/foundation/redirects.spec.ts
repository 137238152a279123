import { expect, test } from '@playwright/test';

/** A sample of spec §2's redirects over HTTP against the local server: [from, status, Location]. */
const CASES: [string, number, string][] = [
  ['/oferta', 301, '/licenses/license-agreement/'],
  ['/oferta?a=1', 301, '/licenses/license-agreement/?a=1'],
  ['/good_to_know/tags/shtrafy-gibdd/', 301, '/good_to_know/tags/shtrafy/'],
  ['/good_to_know/tags/strahovka-osago', 301, '/good_to_know/tags/osago/'],
  ['/all-promotions-list/', 301, '/licenses/all-promotions-list/'],
  ['/rules/cashback_rules', 301, '/rules/cashback-rules/'],
  ['/rules/cashback_rules/', 301, '/rules/cashback-rules/'],
  ['/app', 301, '/'],
  ['/app/prepay?fine_id=5', 301, '/prepayment/?fineId=5'],
  ['/app/finelist/order/12', 301, '/fines/'],
  ['/app/taxlist', 302, 'https://nalogi.example.ru/'],
  ['/app/insurance', 302, 'https://osago.example.ru/'],
  ['/app/webview?url=https%3A%2F%2Fpay.partner-bank.example%2Fpay', 302, 'https://pay.partner-bank.example/pay'],
  ['/about', 301, '/about/'],
  ['/about?utm_source=mail&user_type=3', 301, '/about/?utm_source=mail&userType=3'],
  ['/b2b-promo/?utm_source%3Dmail%26utm_medium%3Demail', 301, '/b2b-promo/?utm_source=mail&utm_medium=email&uridecoded=true'],
];

test.describe('redirects over HTTP', () => {
  for (const [from, status, location] of CASES) {
    test(`${from} → ${status} ${location}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(status);
      expect(response.headers()['location']).toBe(location);
    });
  }

  test('a foreign or script-protocol webview target goes nowhere', async ({ request }) => {
    for (const target of ['https://evil.example.com/', 'javascript:alert(1)', 'data:text/html,hi', 'https://pay.partner-bank.example@evil.com/']) {
      const response = await request.get(`/app/webview?url=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
      expect(response.headers()['location']).toBeUndefined();
    }
  });

  test('.xml files keep their name without a slash', async ({ request }) => {
    const response = await request.get('/sitemap-index.xml', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
  });
});
