import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPrivatePath } from '../../src/lib/privatePaths.ts';
import { builtPages, DIST } from './builtSite.ts';

describe('the XML sitemap', () => {
  const xml = readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8');
  const listed = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname));

  it('lists exactly the public pages that are their own canonical', () => {
    const pages = builtPages()
      .filter((p) => !isPrivatePath(p.path))
      .filter((p) => (p.html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? '').endsWith(p.path))
      .map((p) => p.path);
    expect([...listed].sort()).toEqual(pages.sort());
  });

  it.each(['/profile/', '/prepayment/', '/webview/', '/push/', '/invoice/', '/reset/', '/fines/'])('lists nothing under %s', (prefix) => {
    expect([...listed].filter((p) => p.startsWith(prefix))).toEqual([]);
  });

  it('keeps the support-chat test page out of the sitemap and out of search engines', () => {
    expect(listed.has('/widget-test-page/')).toBe(false);
    const page = builtPages().find((p) => p.path === '/widget-test-page/');
    expect(page?.html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('robots.txt points at the sitemap index', () => {
    expect(readFileSync(join(DIST, 'robots.txt'), 'utf8')).toMatch(/^Sitemap: https:\/\/.+\/sitemap-index\.xml$/m);
  });
});
