import { describe, expect, it } from 'vitest';
import { cmsFiles, cmsFolder } from '../../../src/lib/cmsJson.ts';
import { breadcrumbJsonLd, byDateDesc, pageHref, paginate, usedSlugs } from '../../../src/lib/listing.ts';

const item = (id: number, date: string, extra: Record<string, boolean> = {}) => ({
  id,
  slug: `s${id}`,
  title: `T${id}`,
  description: 'd',
  date,
  tags: [{ slug: 'shtrafy', name: 'Штрафы' }],
  url: `/news/s${id}/`,
  html: `<p>${id}</p>`,
  popular: false,
  top: false,
  ...extra,
});

describe('listing helpers', () => {
  it('paginates without an empty page', () => {
    expect(paginate([], 12)).toEqual([]);
    expect(paginate([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(paginate(Array.from({ length: 24 }, (_, i) => i), 12)).toHaveLength(2);
  });

  it.each([
    [1, '/news/'],
    [2, '/news/page/2/'],
  ])('page %i of /news/ is %s', (n, href) => expect(pageHref('/news/', n)).toBe(href));

  it('sorts newest first, stable by title', () => {
    expect(byDateDesc([{ date: '2025-01-01', title: 'b' }, { date: '2026-01-01', title: 'a' }, { date: '2025-01-01', title: 'a' }]).map((x) => x.title + x.date)).toEqual([
      'a2026-01-01',
      'a2025-01-01',
      'b2025-01-01',
    ]);
  });

  it('lists each used slug once', () => expect(usedSlugs([['b', 'a'], ['a']])).toEqual(['a', 'b']));

  it('builds a BreadcrumbList with links on all but the current page', () => {
    const ld = breadcrumbJsonLd([{ name: 'Главная', href: '/' }, { name: 'Новость' }], 'https://x.ru');
    expect(ld).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://x.ru/' },
        { '@type': 'ListItem', position: 2, name: 'Новость' },
      ],
    });
  });
});

describe('CMS JSON files (spec §7)', () => {
  const news = Array.from({ length: 13 }, (_, i) => item(i + 1, `2026-01-${String(i + 1).padStart(2, '0')}`, { popular: i === 0 }));
  const files = cmsFiles({ banners: [{ name: 'main', items: [{ id: 'a' }] }], news, articles: [item(1001, '2026-02-01', { top: true })] });

  it('pages the news, newest first, with the totals', () => {
    expect(files.get('news/page/1')).toMatchObject({ page: 1, pages: 2, total: 13 });
    expect((files.get('news/page/1') as { items: { id: number }[] }).items[0]?.id).toBe(13);
    expect((files.get('news/page/2') as { items: unknown[] }).items).toHaveLength(1);
    expect(files.has('news/page/3')).toBe(false);
  });

  it('has items with their HTML, lists and banners', () => {
    expect(files.get('news/item/5')).toMatchObject({ id: 5, html: '<p>5</p>' });
    expect(files.get('news/popular')).toEqual({ items: [expect.objectContaining({ id: 1 })] });
    expect(files.get('good_to_know/top')).toEqual(files.get('top'));
    expect(files.get('banners/main')).toEqual({ name: 'main', items: [{ id: 'a' }] });
  });

  it.each([
    ['/cms', 'cms'],
    ['/cms/', 'cms'],
    ['https://cdn.example.ru/content/cms', 'content/cms'],
  ])('base %s is written under %s', (base, folder) => expect(cmsFolder(base)).toBe(folder));
});
