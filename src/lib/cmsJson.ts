import { byDateDesc, paginate, PAGE_SIZE } from './listing.ts';

/** An article as the CMS JSON lists it. */
export type CmsCard = { id: number; slug: string; title: string; description: string; date: string; tags: { slug: string; name: string }[]; url: string };
/** An article with its rendered body, as /item/{id}.json serves it. */
export type CmsItem = CmsCard & { html: string; category?: { slug: string; name: string } };
/** Input: the content, already resolved to plain data by the build. */
export type CmsInput = {
  banners: { name: string; items: unknown[] }[];
  news: (CmsItem & { popular: boolean })[];
  articles: (CmsItem & { popular: boolean; top: boolean })[];
};

/** How many entries the new/popular/top lists hold. */
export const SHORT_LIST = 6;

const card = ({ id, slug, title, description, date, tags, url }: CmsCard): CmsCard => ({ id, slug, title, description, date, tags, url });

function pages(prefix: string, items: CmsCard[], files: Map<string, unknown>) {
  const all = paginate(items, PAGE_SIZE);
  all.forEach((list, i) => files.set(`${prefix}/page/${i + 1}`, { page: i + 1, pages: all.length, total: items.length, items: list }));
}

/**
 * Every CMS JSON file of spec §7 as path (without base and '.json') → body: banners, news pages,
 * popular news, news items, article pages, new/popular/top articles, article items. The spec lists
 * popular.json and top.json after the good_to_know pages; they are served both under
 * /good_to_know/ and at the base's root, with the same content.
 */
export function cmsFiles(input: CmsInput): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const b of input.banners) files.set(`banners/${b.name}`, b);

  const news = byDateDesc(input.news);
  pages('news', news.map(card), files);
  files.set('news/popular', { items: news.filter((n) => n.popular).map(card) });
  for (const n of news) files.set(`news/item/${n.id}`, { ...card(n), html: n.html });

  const articles = byDateDesc(input.articles);
  pages('good_to_know', articles.map(card), files);
  const lists = {
    new: articles.slice(0, SHORT_LIST).map(card),
    popular: articles.filter((a) => a.popular).slice(0, SHORT_LIST).map(card),
    top: articles.filter((a) => a.top).slice(0, SHORT_LIST).map(card),
  };
  files.set('good_to_know/new', { items: lists.new });
  files.set('good_to_know/popular', { items: lists.popular });
  files.set('good_to_know/top', { items: lists.top });
  files.set('popular', { items: lists.popular });
  files.set('top', { items: lists.top });
  for (const a of articles) files.set(`good_to_know/item/${a.id}`, { ...card(a), html: a.html, ...(a.category ? { category: a.category } : {}) });
  return files;
}

/** The folder the files are written under: the path of PUBLIC_CMS_BASE ('/cms' or 'https://cdn.x/cms' → 'cms'). */
export function cmsFolder(base: string): string {
  const path = /^https?:\/\//.test(base) ? new URL(base).pathname : base;
  return path.replace(/^\/+|\/+$/g, '');
}
