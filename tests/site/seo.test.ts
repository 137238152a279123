import { describe, expect, it } from 'vitest';
import { builtPages } from './builtSite.ts';

const one = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1] ?? '');

describe('every page has what search engines read', () => {
  const pages = builtPages().map((p) => ({
    ...p,
    h1: one(p.html, /<h1[\s>]/g).length,
    title: one(p.html, /<title>([^<]*)<\/title>/g),
    description: one(p.html, /<meta name="description" content="([^"]*)"/g),
    canonical: one(p.html, /<link rel="canonical" href="([^"]*)"/g),
  }));

  it.each(pages.map((p) => [p.path, p] as const))('%s: one h1, a title, a description, a canonical', (_, p) => {
    expect(p.h1).toBe(1);
    expect(p.title).toHaveLength(1);
    expect(p.title[0]?.length).toBeGreaterThan(5);
    expect(p.description).toHaveLength(1);
    expect(p.description[0]?.length).toBeGreaterThan(40);
    expect(p.canonical).toHaveLength(1);
    expect(p.canonical[0]).toMatch(/^https:\/\/[^/]+\/(.*\/)?$/);
  });

  it('titles and descriptions are unique per canonical page', () => {
    const byCanonical = new Map(pages.map((p) => [p.canonical[0], p]));
    const canonicalPages = [...byCanonical.values()];
    const dupes = (key: 'title' | 'description') => {
      const seen = new Map<string, string>();
      const out: string[] = [];
      for (const p of canonicalPages) {
        const v = p[key][0] ?? '';
        if (seen.has(v)) out.push(`${p.path} = ${seen.get(v)}: ${v}`);
        seen.set(v, p.path);
      }
      return out;
    };
    expect(dupes('title')).toEqual([]);
    expect(dupes('description')).toEqual([]);
  });

  it('articles, news and FAQ carry their JSON-LD', () => {
    const ld = (path: string) => pages.find((p) => p.path === path)?.html.match(/application\/ld\+json">([^<]*)</g)?.join('') ?? '';
    const news = pages.find((p) => /^\/news\/[^/]+\/$/.test(p.path) && !p.path.startsWith('/news/page/'));
    const article = pages.find((p) => /^\/good_to_know\/[^/]+\/$/.test(p.path) && !/\/(tags|page|category)\/$/.test(p.path));
    expect(ld(news?.path ?? '')).toContain('"NewsArticle"');
    expect(ld(news?.path ?? '')).toContain('"BreadcrumbList"');
    expect(ld(article?.path ?? '')).toContain('"Article"');
    expect(ld('/faq/')).toContain('"FAQPage"');
    expect(ld('/')).toContain('"Organization"');
  });
});
