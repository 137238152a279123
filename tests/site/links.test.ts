import { describe, expect, it } from 'vitest';
import { attributeValues, builtPages, resolvesInDist } from './builtSite.ts';

describe('internal links of the built site', () => {
  const pages = builtPages({ includeSpecial: true });

  it('the build has the site’s pages', () => expect(pages.length).toBeGreaterThan(250));

  it('every internal link and asset resolves (no 404 inside the site)', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const value of [...attributeValues(page.html, 'href'), ...attributeValues(page.html, 'src')]) {
        if (!value.startsWith('/') || value.startsWith('//')) continue;
        if (!resolvesInDist(value)) broken.push(`${page.path} → ${value}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('internal page links carry the trailing slash', () => {
    const unslashed: string[] = [];
    for (const page of pages) {
      for (const href of attributeValues(page.html, 'href')) {
        const path = href.split(/[?#]/)[0] ?? '';
        if (path.startsWith('/') && !path.startsWith('//') && !path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path)) unslashed.push(`${page.path} → ${href}`);
      }
    }
    expect(unslashed).toEqual([]);
  });
});
