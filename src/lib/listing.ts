import { BUSINESS_TERMS } from './businessTerms.ts';

/** Entries per page on the news and article indexes (and in the CMS page JSON). */
export const PAGE_SIZE = 12;

/** Newest first by an ISO date, then by title, so the order is stable between builds. */
export function byDateDesc<T extends { date: string; title: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title, 'ru'));
}

/** Splits a list into pages of `size`; an empty list has no pages. */
export function paginate<T>(items: readonly T[], size = PAGE_SIZE): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/** The address of page `n` of an index at `base` ('/news/' → '/news/', '/news/page/2/'). */
export const pageHref = (base: string, n: number) => (n <= 1 ? base : `${base}page/${n}/`);

/** The slugs used by at least one entry, so no empty tag page is ever built. */
export function usedSlugs(lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())].sort();
}

/** One step of a breadcrumb trail; the last one is the current page and has no link. */
export type Crumb = { name: string; href?: string };

/** schema.org BreadcrumbList for a trail (absolute URLs). */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], siteUrl: string): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.href ? { item: `${siteUrl}${c.href}` } : {}),
    })),
  };
}

/** schema.org Organization for the service, on the home page and the about page. */
export function organizationJsonLd(siteUrl: string, name: string): Record<string, unknown> {
  return { '@type': 'Organization', name, url: `${siteUrl}/`, logo: `${siteUrl}/images/logo.svg`, email: BUSINESS_TERMS.supportEmail };
}
