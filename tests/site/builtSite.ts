import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { rewriteFor } from '../../src/lib/rewrites.ts';

/** The build the site tests read. */
export const DIST = join(import.meta.dirname, '../../dist');

/** A built HTML page: its URL path and its markup. */
export type BuiltPage = { path: string; file: string; html: string };

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Every HTML page of dist/ (the admin app and the 404 page excepted, unless asked). */
export function builtPages({ includeSpecial = false } = {}): BuiltPage[] {
  return walk(DIST)
    .filter((f) => f.endsWith('.html'))
    .map((file) => {
      const rel = `/${relative(DIST, file).split('\\').join('/')}`;
      const path = rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) : rel;
      return { path, file, html: readFileSync(file, 'utf8') };
    })
    .filter((p) => includeSpecial || (!p.path.startsWith('/admin/') && p.path !== '/404.html'));
}

/** True when the local server would answer this internal URL with a page or file (not a 404). */
export function resolvesInDist(href: string): boolean {
  const path = decodeURI(href.split('#')[0]?.split('?')[0] ?? '');
  if (path === '') return true;
  const file = path.endsWith('/') ? join(DIST, path, 'index.html') : join(DIST, path);
  if (existsSync(file)) return true;
  return rewriteFor(path).kind === 'file';
}

/** The values of one attribute across a page's markup. */
export function attributeValues(html: string, attribute: 'href' | 'src'): string[] {
  return [...html.matchAll(new RegExp(`\\s${attribute}="([^"]*)"`, 'g'))].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
}
