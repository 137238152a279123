import { describe, expect, it } from 'vitest';
import { DEFAULT_SISTER_SITES, decideRedirect } from '../../src/lib/redirects.ts';
import type { RedirectDecision } from '../../src/lib/redirects.ts';
import { camelCaseKey, redecodeQuery } from '../../src/lib/redirects/query.ts';

const SITE = 'https://shtrafy.test';
const allowedHosts = ['pay.partner-bank.example'];
const decide = (pathAndQuery: string): RedirectDecision =>
  decideRedirect(new URL(pathAndQuery, SITE), { allowedHosts });
const moved = (location: string): RedirectDecision => ({ kind: 'redirect', status: 301, location });
const found = (location: string): RedirectDecision => ({ kind: 'redirect', status: 302, location });
const NONE: RedirectDecision = { kind: 'none' };

describe('renames (spec §2), one hop to the slashed target', () => {
  it.each([
    ['/oferta', '/licenses/license-agreement/'],
    ['/oferta/', '/licenses/license-agreement/'],
    ['/oferta?a=1', '/licenses/license-agreement/?a=1'],
    ['/good_to_know/tags/shtrafy-gibdd', '/good_to_know/tags/shtrafy/'],
    ['/good_to_know/tags/shtrafy-gibdd/?page=2', '/good_to_know/tags/shtrafy/?page=2'],
    ['/good_to_know/tags/strahovka-osago', '/good_to_know/tags/osago/'],
    ['/good_to_know/tags/strahovka-osago/', '/good_to_know/tags/osago/'],
    ['/all-promotions-list/', '/licenses/all-promotions-list/'],
    ['/all-promotions-list', '/licenses/all-promotions-list/'],
    ['/rules/cashback_rules', '/rules/cashback-rules/'],
    ['/rules/cashback_rules/', '/rules/cashback-rules/'],
    ['/rules/cashback_rules?utm_source=push', '/rules/cashback-rules/?utm_source=push'],
    ['/oferta?user_type=legal', '/licenses/license-agreement/?userType=legal'],
  ])('%s → %s', (from, to) => {
    expect(decide(from)).toEqual(moved(to));
  });
});

describe('legacy /app paths', () => {
  it.each([
    ['/app', '/'],
    ['/app/', '/'],
    ['/app?fine_id=5', '/?fineId=5'],
    ['/app/prepay', '/prepayment/'],
    ['/app/prepay/', '/prepayment/'],
    ['/app/prepay?ids=1,2', '/prepayment/?ids=1,2'],
    ['/app/finelist/prepay', '/prepayment/'],
    ['/app/finelist/18810177230000000001/prepay', '/prepayment/'],
    ['/app/finelist/fine/18810177230000000001/prepay/', '/prepayment/'],
    ['/app/finelist', '/fines/'],
    ['/app/finelist/', '/fines/'],
    ['/app/finelist/fine/18810177230000000001', '/fines/'],
    ['/app/finelist/order/42', '/fines/'],
    ['/app/finelist/18810177230000000001', '/fines/'],
    ['/app/finelist?fine_id=7&utm_source=sms', '/fines/?fineId=7&utm_source=sms'],
  ])('%s → %s (301)', (from, to) => {
    expect(decide(from)).toEqual(moved(to));
  });

  it.each([
    ['/app/taxlist', 'https://nalogi.example.ru/'],
    ['/app/taxlist/', 'https://nalogi.example.ru/'],
    ['/app/taxlist/7701234567', 'https://nalogi.example.ru/'],
    ['/app/taxlist/prepay', 'https://nalogi.example.ru/'],
    ['/app/taxlist/42/prepay?inn_id=3', 'https://nalogi.example.ru/?inn_id=3'],
    ['/app/fuel', 'https://promo.example.ru/'],
    ['/app/fuel/?utm_source=app', 'https://promo.example.ru/?utm_source=app'],
    ['/app/insurance', 'https://osago.example.ru/'],
    ['/app/insurance/calc?car_id=1', 'https://osago.example.ru/?car_id=1'],
  ])('%s → %s (302, query as sent)', (from, to) => {
    expect(decide(from)).toEqual(found(to));
  });

  it.each([
    ['taxes', '/app/taxlist?a=1', 'https://tax.sister.test/lk?a=1'],
    ['promo', '/app/fuel', 'https://fuel.sister.test/'],
    ['osago', '/app/insurance?b=2', 'https://osago.sister.test/?from=shtrafy&b=2'],
  ])('configured %s sister site: %s → %s', (_site, from, to) => {
    const sisterSites = {
      taxes: 'https://tax.sister.test/lk',
      promo: 'https://fuel.sister.test',
      osago: 'https://osago.sister.test/?from=shtrafy',
    };
    expect(decideRedirect(new URL(from, SITE), { allowedHosts, sisterSites })).toEqual(found(to));
  });

  it.each([['not a url'], ['javascript:alert(1)'], ['https://user:pw@tax.sister.test/']])(
    'an unusable sister site %j falls back to the default',
    (taxes) => {
      const sisterSites = { ...DEFAULT_SISTER_SITES, taxes };
      expect(decideRedirect(new URL('/app/taxlist', SITE), { allowedHosts, sisterSites })).toEqual(
        found(DEFAULT_SISTER_SITES.taxes),
      );
    },
  );

  it.each([
    ['/app/profile', '/app/profile/'],
    ['/application', '/application/'],
    ['/apps/finelist', '/apps/finelist/'],
  ])('%s is not a legacy screen: only the slash rule (%s)', (from, to) => {
    expect(decide(from)).toEqual(moved(to));
  });
});

describe('trailing slash', () => {
  it.each([
    ['/about', '/about/'],
    ['/fines/18810177230000000001', '/fines/18810177230000000001/'],
    ['/about?a=1&b=2', '/about/?a=1&b=2'],
    ['/news/versiya-2.0', '/news/versiya-2.0/'],
    ['/city/moskva?utm_campaign=spring_sale', '/city/moskva/?utm_campaign=spring_sale'],
    ['/po-vin?vin_code=XTA21099043456789', '/po-vin/?vinCode=XTA21099043456789'],
    ['/search?q=%D1%88%D1%82%D1%80%D0%B0%D1%84', '/search/?q=%D1%88%D1%82%D1%80%D0%B0%D1%84'],
    ['/b2b', '/b2b/'],
  ])('%s → %s', (from, to) => {
    expect(decide(from)).toEqual(moved(to));
  });

  it.each([
    ['/'],
    ['/about/'],
    ['/about/?a=1'],
    ['/sitemap-index.xml'],
    ['/sitemap-0.xml?fine_id=1'],
    ['/robots.txt'],
    ['/favicon.ico'],
    ['/manifest.webmanifest'],
    ['/images/logo.svg'],
    ['/fonts/inter.woff2'],
    ['/licences/personal-data-policy.html'],
    ['/scripts/widget.js'],
    ['/styles/print.CSS'],
  ])('%s is served as is', (path) => {
    expect(decide(path)).toEqual(NONE);
  });

  it.each([
    ['/api/health'],
    ['/api'],
    ['/api/fines/search?fine_id=1'],
    ['/105/fines'],
    ['/105/profile/documents?user_id=2'],
    ['/coordinates/moskva'],
    ['/coordinates'],
    ['/_astro/index.Bx1aZ.js'],
    ['/_astro/chunk'],
    ['/.netlify/functions/x'],
  ])('API and asset path %s is never touched', (path) => {
    expect(decide(path)).toEqual(NONE);
  });

  it.each([['//evil.com'], ['//evil.com/path'], ['///evil.com']])(
    '%s never becomes a protocol-relative Location',
    (path) => {
      expect(decideRedirect(new URL(`${SITE}${path}`), { allowedHosts })).toEqual(NONE);
    },
  );
});

describe('query keys to camelCase', () => {
  it.each([
    ['/fines/?user_type=legal', '/fines/?userType=legal'],
    ['/fines/?fine_id=5&user_type=1', '/fines/?fineId=5&userType=1'],
    ['/fines/?utm_source=yandex&fine_id=5', '/fines/?utm_source=yandex&fineId=5'],
    ['/fines/?address_line_2=x', '/fines/?addressLine2=x'],
    ['/fines/?flag_only', '/fines/?flagOnly'],
    ['/fines/?a=snake_value', NONE],
    ['/fines/?utm_source=a&utm_medium=b', NONE],
    ['/fines/?UTM_Source=a', NONE],
    ['/fines/?_ga=1.2.3', NONE],
    ['/fines/?userType=legal', NONE],
  ])('%s → %j', (from, to) => {
    expect(decide(from)).toEqual(typeof to === 'string' ? moved(to) : to);
  });

  it.each([
    ['user_type', 'userType'],
    ['a_b_c', 'aBC'],
    ['utm_content', 'utm_content'],
    ['_private', '_private'],
    ['double__under', 'double__under'],
    ['SCREAMING_CASE', 'SCREAMING_CASE'],
    ['trailing_', 'trailing_'],
  ])('key %s → %s', (key, converted) => {
    expect(camelCaseKey(key)).toBe(converted);
    expect(camelCaseKey(converted)).toBe(converted);
  });
});

describe('/b2b-promo/ query re-decoding', () => {
  it.each([
    ['/b2b-promo/?utm_source%3Dmail%26utm_medium%3Demail', '/b2b-promo/?utm_source=mail&utm_medium=email&uridecoded=true'],
    ['/b2b-promo?utm_source%3Dmail', '/b2b-promo/?utm_source=mail&uridecoded=true'],
    ['/b2b-promo/?promo_code%3DSPRING%26utm_campaign%3Db2b_q2', '/b2b-promo/?promoCode=SPRING&utm_campaign=b2b_q2&uridecoded=true'],
    ['/b2b-promo/tariffs/?ref%3Dmail', '/b2b-promo/tariffs/?ref=mail&uridecoded=true'],
    ['/b2b-promo/?text%3D%25D0%25BF', '/b2b-promo/?text=%D0%BF&uridecoded=true'],
    ['/b2b-promo/?a%3D1%23frag', '/b2b-promo/?a=1%23frag&uridecoded=true'],
    ['/b2b-promo/?a%3D%0D%0ASet-Cookie:x', '/b2b-promo/?a=%0D%0ASet-Cookie:x&uridecoded=true'],
    ['/b2b-promo/?uridecoded%3Dtrue%26a%3D1', '/b2b-promo/?uridecoded=true&a=1'],
  ])('%s → %s', (from, to) => {
    expect(decide(from)).toEqual(moved(to));
  });

  it.each([
    ['/b2b-promo/'],
    ['/b2b-promo/?utm_source=mail'],
    ['/b2b-promo/?utm_source=mail&uridecoded=true'],
    ['/b2b-promo/?utm_source%3Dmail&uridecoded=true'],
    ['/b2b-promo/?q=%D0%BF'],
    ['/b2b-promo/?broken=%E0%A4%A'],
  ])('%s is left alone', (path) => {
    expect(decide(path)).toEqual(NONE);
  });

  it('does not re-decode outside /b2b-promo/', () => {
    expect(decide('/b2b/?utm_source%3Dmail')).toEqual(NONE);
  });

  it('adds the flag only once', () => {
    expect(redecodeQuery('a%3D1')).toBe('a=1&uridecoded=true');
    expect(redecodeQuery('a=1&uridecoded=true')).toBe('a=1&uridecoded=true');
  });
});

describe('robustness', () => {
  it.each([['ftp://shtrafy.test/about'], ['file:///etc/passwd'], ['foo://x/\\evil.com'], ['data:text/html,hi']])(
    'non-http URL %s is served as is',
    (href) => {
      expect(decideRedirect(new URL(href), { allowedHosts })).toEqual(NONE);
    },
  );
});
