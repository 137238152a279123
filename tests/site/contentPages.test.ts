import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../src/lib/listing.ts';
import { builtPages, DIST } from './builtSite.ts';

const contentDir = join(import.meta.dirname, '../../content');
/** The entries of a content folder: the slug and the JSON fields. */
const entries = (folder: string): Record<string, unknown>[] =>
  readdirSync(join(contentDir, folder))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ ...(JSON.parse(readFileSync(join(contentDir, folder, f), 'utf8')) as Record<string, unknown>), slug: f.slice(0, -5) }));
const tagsOf = (list: Record<string, unknown>[]) => new Set(list.flatMap((e) => e['tags'] as string[]));
const builtUnder = (prefix: string) =>
  new Set(builtPages().filter((p) => p.path.startsWith(prefix) && p.path !== prefix).map((p) => p.path.slice(prefix.length, -1)));

describe('tag, category and pagination pages exist exactly where there is content', () => {
  const news = entries('news');
  const articles = entries('good_to_know');
  const faq = entries('faq');

  it.each([
    ['/news/tags/', news],
    ['/good_to_know/tags/', articles],
    ['/faq/tags/', faq],
  ])('%s has a page for every used tag and none for unused ones', (prefix, list) => {
    expect([...builtUnder(prefix)].sort()).toEqual([...tagsOf(list)].sort());
  });

  it('every category with articles has a page, and no other', () => {
    const used = new Set(articles.map((a) => a['category'] as string));
    expect([...builtUnder('/good_to_know/category/')].sort()).toEqual([...used].sort());
  });

  it.each([
    ['/news/', news.length],
    ['/good_to_know/', articles.length],
  ])('%s has as many pages as its entries fill, and no empty one', (base, count) => {
    const pages = Math.ceil(count / PAGE_SIZE);
    for (let n = 2; n <= pages; n += 1) expect(existsSync(join(DIST, base, 'page', String(n), 'index.html'))).toBe(true);
    expect(existsSync(join(DIST, base, 'page', String(pages + 1), 'index.html'))).toBe(false);
  });

  it('every entry of every routed collection has its page', () => {
    const missing: string[] = [];
    const check = (path: string) => existsSync(join(DIST, path, 'index.html')) || missing.push(path);
    for (const folder of ['news', 'good_to_know', 'faq', 'rules', 'licenses']) for (const e of entries(folder)) check(`/${folder}/${e['slug'] as string}/`);
    for (const e of entries('cities')) check(`/city/${e['slug'] as string}/`);
    for (const e of entries('topics')) check(`/${e['slug'] as string}/`);
    expect(missing).toEqual([]);
  });

  it('CMS JSON is generated under the base for every news item and article', () => {
    for (const n of news) expect(existsSync(join(DIST, 'cms/news/item', `${n['id'] as number}.json`))).toBe(true);
    for (const a of articles) expect(existsSync(join(DIST, 'cms/good_to_know/item', `${a['id'] as number}.json`))).toBe(true);
    for (const file of ['news/popular', 'news/page/1', 'good_to_know/page/1', 'good_to_know/new', 'good_to_know/popular', 'good_to_know/top', 'popular', 'top', 'banners/main']) {
      expect(JSON.parse(readFileSync(join(DIST, 'cms', `${file}.json`), 'utf8'))).toBeTruthy();
    }
    const page1 = JSON.parse(readFileSync(join(DIST, 'cms/news/page/1.json'), 'utf8')) as { items: unknown[]; total: number };
    expect(page1.items).toHaveLength(Math.min(PAGE_SIZE, news.length));
    expect(page1.total).toBe(news.length);
  });
});

describe('city pages', () => {
  it('state the discount and the payment terms once, from src/lib, below the city\'s own text', async () => {
    const { LEGAL_FACTS } = await import('../../src/lib/legalFacts/facts.ts');
    const { formatFact } = await import('../../src/lib/legalFacts/placeholders.ts');
    const share = formatFact(LEGAL_FACTS['discount.share']!);
    const days = `${formatFact(LEGAL_FACTS['discount.days']!)} дней`;
    for (const e of entries('cities')) {
      const html = readFileSync(join(DIST, 'city', e['slug'] as string, 'index.html'), 'utf8');
      const terms = html.slice(html.indexOf('id="terms-title"'));
      expect(terms, e['slug'] as string).toContain(`со скидкой ${share} в течение ${days}`);
      expect(html.indexOf('class="prose"'), e['slug'] as string).toBeLessThan(html.indexOf('id="terms-title"'));
    }
  });
});

describe('placeholders', () => {
  it('are filled everywhere: no {{fact:…}}, {{fine:…}}, {{biz:…}} or {{op:…}} reaches a page, its title or its description', () => {
    const left = builtPages({ includeSpecial: true }).filter((page) => /\{\{(?:fact|fine|biz|op):/.test(page.html)).map((page) => page.path);
    expect(left).toEqual([]);
  });
});
