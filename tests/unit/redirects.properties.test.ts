import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SISTER_SITES, decideRedirect } from '../../src/lib/redirects.ts';

const SITE = 'https://shtrafy.test';
const allowedHosts = ['pay.partner-bank.example', 'lk.avto-partner.example'];
const sisterHosts = Object.values(DEFAULT_SISTER_SITES).map((site) => new URL(site).hostname);
const options = { allowedHosts };

const onAllowList = (hostname: string) =>
  allowedHosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));

// Segments that hit every rule, mixed with arbitrary text (encodeURI keeps '/', '?', '#' out of the way
// only partly on purpose: the URL parser gets to normalise whatever is left).
const segment = fc.oneof(
  fc.constantFrom(
    'app', 'webview', 'finelist', 'taxlist', 'fuel', 'insurance', 'prepay', 'fine', 'order', '42',
    'oferta', 'rules', 'cashback_rules', 'good_to_know', 'tags', 'shtrafy-gibdd', 'strahovka-osago',
    'all-promotions-list', 'b2b-promo', 'api', '105', 'coordinates', '_astro', 'sitemap-index.xml',
    'robots.txt', '', '.', '..', '%2e%2e', '\\', 'evil.com', 'a.b', '%2F', 'шт',
  ),
  fc.string({ maxLength: 8 }),
);
const path = fc.array(segment, { maxLength: 5 }).map((segments) => `/${segments.join('/')}`);

const key = fc.oneof(
  fc.constantFrom('user_type', 'fine_id', 'utm_source', 'utm_medium', 'url', 'uridecoded', 'a_b_c', '_ga', 'x'),
  fc.string({ maxLength: 8 }),
);
const value = fc.oneof(
  fc.constantFrom('true', 'https://pay.partner-bank.example/', 'https://evil.com', 'javascript:alert(1)', '%3D', '%26'),
  fc.string({ maxLength: 12 }),
);
const pair = fc.tuple(key, value, fc.boolean()).map(([k, v, encode]) =>
  encode ? `${encodeURIComponent(k)}=${encodeURIComponent(v)}` : `${k}=${v}`,
);
const query = fc.oneof(
  fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&')),
  fc.array(pair, { minLength: 1, maxLength: 3 }).map((pairs) => encodeURIComponent(pairs.join('&'))),
  fc.string({ maxLength: 20 }),
);

// Webview targets: arbitrary URLs and strings, plus allow-listed URLs bent in the usual ways.
const bentPartnerUrl = fc
  .tuple(
    fc.constantFrom('https://', 'http://', 'HTTPS://', '//', 'https:', 'javascript:', ' https://', 'https:\\\\'),
    fc.constantFrom('', 'user@', 'pay.partner-bank.example@', 'evil.com#'),
    fc.constantFrom('pay.partner-bank.example', 'evilpay.partner-bank.example', 'a.pay.partner-bank.example', 'pay.partner-bank.example.evil.com'),
    fc.constantFrom('', '/', ':443', '@evil.com', '\\@evil.com', '.', '%2eevil.com', '/x?y=1'),
  )
  .map((parts) => parts.join(''));
const partnerUrl = fc
  .tuple(fc.constantFrom('https://pay.partner-bank.example', 'http://a.lk.avto-partner.example'), fc.webPath(), fc.string({ maxLength: 10 }))
  .map(([origin, p, tail]) => `${origin}${p}${tail}`);
const webviewTarget = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string(),
  bentPartnerUrl,
  partnerUrl,
);
const webviewQuery = fc.oneof(
  webviewTarget.map((target) => `url=${encodeURIComponent(target)}`),
  webviewTarget.map((target) => `url=${target}`),
  fc.tuple(webviewTarget, query).map(([target, rest]) => `${rest}&url=${encodeURIComponent(target)}`),
);

const legacyAppPath = fc
  .array(segment, { maxLength: 3 })
  .chain((rest) => fc.constantFrom('taxlist', 'fuel', 'insurance', 'finelist', 'prepay').map((s) => `/app/${s}/${rest.join('/')}`));

const requestUrl = fc.oneof(
  fc.tuple(legacyAppPath, query).map(([p, q]) => new URL(`${SITE}${p}?${q}`)),
  fc.webUrl({ withQueryParameters: true, withFragments: true }).map((href) => new URL(href)),
  fc.tuple(path, query).map(([p, q]) => new URL(`${SITE}${p}?${q}`)),
  fc.tuple(fc.constantFrom('/app/webview', '/app/webview/'), webviewQuery).map(([p, q]) => new URL(`${SITE}${p}?${q}`)),
  // Relative to the site, '/\\host' and '//host' become other hosts or invalid URLs: keep the valid ones.
  fc
    .tuple(path, query)
    .filter(([p, q]) => URL.canParse(`${p}?${q}`, SITE))
    .map(([p, q]) => new URL(`${p}?${q}`, SITE)),
);

describe('redirect rules over arbitrary URLs', () => {
  it('never throw and always give a well-formed decision', () => {
    fc.assert(
      fc.property(requestUrl, (url) => {
        const decision = decideRedirect(url, options);
        expect(['redirect', 'notFound', 'none']).toContain(decision.kind);
        if (decision.kind === 'redirect') expect(decision.location).toMatch(/^[\x21-\x7E]+$/);
      }),
      { numRuns: 3000 },
    );
  });

  it('never send a visitor to a host off the allow-list or the sister-site list', () => {
    fc.assert(
      fc.property(requestUrl, (url) => {
        const decision = decideRedirect(url, options);
        if (decision.kind !== 'redirect') return;
        if (decision.status === 301) {
          // A path on this site: one '/', never '//host' or '/\host', which browsers read as another site.
          expect(decision.location).toMatch(/^\/(?![/\\])/);
          expect(new URL(decision.location, SITE).origin).toBe(SITE);
          return;
        }
        const target = new URL(decision.location);
        expect(['https:', 'http:']).toContain(target.protocol);
        expect(target.username + target.password).toBe('');
        expect(onAllowList(target.hostname) || sisterHosts.includes(target.hostname)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('never loop: the target of an internal redirect is served as is', () => {
    fc.assert(
      fc.property(requestUrl, (url) => {
        const decision = decideRedirect(url, options);
        if (decision.kind !== 'redirect' || decision.status !== 301) return;
        expect(decideRedirect(new URL(decision.location, SITE), options)).toEqual({ kind: 'none' });
      }),
      { numRuns: 3000 },
    );
  });

  it('keep the query on every internal redirect but the /b2b-promo/ re-decoding (same keys, camelCased)', () => {
    fc.assert(
      fc.property(
        fc.tuple(path, query).map(([p, q]) => new URL(`${SITE}${p}?${q}`)),
        (url) => {
          fc.pre(!url.pathname.startsWith('/b2b-promo'));
          const decision = decideRedirect(url, options);
          if (decision.kind !== 'redirect' || decision.status !== 301) return;
          const before = [...url.searchParams.values()];
          const after = [...new URL(decision.location, SITE).searchParams.values()];
          expect(after).toEqual(before);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
