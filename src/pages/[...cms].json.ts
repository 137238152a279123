import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { cmsFiles, cmsFolder } from '../lib/cmsJson.ts';
import { renderMarkdown } from '../lib/markdown.ts';
import { readSiteConfig } from '../lib/siteConfig.ts';
import { resolveTags, tagNames } from '../components/content/data.ts';

/** The CMS JSON of spec §7, generated at build time under PUBLIC_CMS_BASE. */
export const getStaticPaths = (async () => {
  const names = await tagNames();
  const categories = new Map((await getCollection('categories')).map((c) => [c.id, c.data.name]));
  const files = cmsFiles({
    banners: (await getCollection('banners')).map((b) => ({ name: b.id, items: b.data.items })),
    news: (await getCollection('news')).map((e) => ({
      ...e.data,
      slug: e.id,
      url: `/news/${e.id}/`,
      tags: resolveTags(e.data.tags, names),
      html: renderMarkdown(e.data.body),
    })),
    articles: (await getCollection('good_to_know')).map((e) => ({
      ...e.data,
      slug: e.id,
      url: `/good_to_know/${e.id}/`,
      tags: resolveTags(e.data.tags, names),
      category: { slug: e.data.category.id, name: categories.get(e.data.category.id) ?? e.data.category.id },
      html: renderMarkdown(e.data.body),
    })),
  });
  const folder = cmsFolder(readSiteConfig(import.meta.env).cmsBase);
  return [...files].map(([path, body]) => ({ params: { cms: `${folder}/${path}` }, props: { body } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(props['body']), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
