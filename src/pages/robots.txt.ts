import type { APIRoute } from 'astro';
import { PRIVATE_PREFIXES } from '../lib/privatePaths.ts';
import { readSiteConfig } from '../lib/siteConfig.ts';

/** robots.txt: everything public is open; private pages are closed; the sitemap's address. */
export const GET: APIRoute = () => {
  const { siteUrl } = readSiteConfig(import.meta.env);
  const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${siteUrl}/sitemap-index.xml`, ''];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
