import { describe, expect, it } from 'vitest';
import { failsValidation, layoutFor, matchRoute, ROUTES } from '../../../src/lib/routes.ts';
import { rewriteFor } from '../../../src/lib/rewrites.ts';

describe('route table', () => {
  it('lists every layout-stated route of spec §2 with the spec’s layout', () => {
    expect(layoutFor('/')).toBe('landing');
    expect(layoutFor('/city/{slug}')).toBe('landing');
    expect(layoutFor('/faq/{slug}')).toBe('white');
    expect(layoutFor('/fines/{id}')).toBe('default');
    expect(layoutFor('/invoice/{hash}')).toBe('white-empty');
    expect(layoutFor('/organization')).toBe('organization');
    expect(layoutFor('/reset/{token}')).toBe('empty');
    expect(layoutFor('/webview/ordinances-map')).toBe('map');
    expect(layoutFor('/sitemap')).toBe('white');
    expect(layoutFor('/b2b-promo')).toBe('empty');
  });

  it('explains every layout the spec does not state', () => {
    const stated = new Set(['/', '/city/{slug}', '/faq', '/faq/{slug}', '/faq/tags/{tagSlug}', '/fines/{id}', '/good_to_know', '/news', '/sitemap']);
    for (const route of ROUTES) {
      const fromSpec = stated.has(route.pattern) || ['empty', 'map', 'organization', 'white-empty'].includes(route.layout) || route.layout === 'landing';
      if (!fromSpec) expect(route.why, route.pattern).toBeTruthy();
    }
  });

  it('has no duplicate patterns', () => {
    const patterns = ROUTES.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it.each([
    ['/good_to_know/tags/', '/good_to_know/tags'],
    ['/good_to_know/tags/osago/', '/good_to_know/tags/{tagSlug}'],
    ['/good_to_know/kak-platit/', '/good_to_know/{slug}'],
    ['/insurance/osago/kbm/', '/insurance/{slug+}'],
    ['/fines/info/abcdefabcdefabcdef/', '/fines/info/{hash}'],
    ['/fines/123/', '/fines/{id}'],
  ])('%s matches %s', (path, pattern) => expect(matchRoute(path)?.route.pattern).toBe(pattern));

  it.each([
    ['/fines/abc/', true],
    ['/fines/123/', false],
    ['/fines/info/short/', true],
    ['/about/', false],
    ['/nothing/here/', false],
  ])('%s fails validation: %s', (path, fails) => expect(failsValidation(path)).toBe(fails));

  it('rewrites /404/ to the built 404 page and reports invalid parameters', () => {
    expect(rewriteFor('/404/')).toEqual({ kind: 'file', file: '/404.html' });
    expect(rewriteFor('/fines/abc/')).toEqual({ kind: 'invalid' });
    expect(rewriteFor('/nothing/')).toEqual({ kind: 'none' });
  });
});
