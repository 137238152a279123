import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterPaintModulesOf } from '../lib/afterFirstPaint.ts';

/** The JavaScript one page loads: every file (entry scripts, island components and their imports) and the totals. */
export type PageWeight = { files: string[]; bytes: number; gzip: number; islands: number };

const IMPORT_RE = /(?:import|export)\s*(?:[^'"]*?from\s*)?["']([^"']+\.js)["']|import\(\s*["']([^"']+\.js)["']\s*\)/g;

function resolve(from: string, spec: string): string {
  if (spec.startsWith('/')) return spec;
  const base = from.slice(0, from.lastIndexOf('/') + 1);
  return new URL(spec, `http://x${base}`).pathname;
}

/** Every built file reachable from `roots` (site paths such as /_astro/x.js) through static imports, roots included. */
export function staticClosure(distDir: string, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file) || !existsSync(join(distDir, file))) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    // Static imports load with the page; dynamic ones (lazy islands like the lightbox) only on use.
    for (const m of code.matchAll(IMPORT_RE)) if (m[1]) queue.push(resolve(file, m[1]));
  }
  return seen;
}

/** Whether a built page carries a mark such as `<meta name="module-preload" content="islands">`, its two attributes in either order. */
export function carriesMark(html: string, mark: string): boolean {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = escape(/\bname="([^"]*)"/.exec(mark)?.[1] ?? '');
  const content = escape(/\bcontent="([^"]*)"/.exec(mark)?.[1] ?? '');
  return new RegExp(`<meta\\b(?=[^>]*\\bname="${name}")(?=[^>]*\\bcontent="${content}")[^>]*>`).test(html);
}

/** The code of the islands a built page hydrates with `client:{directive}`: each one's component and renderer. */
export function islandCodeOf(html: string, directive: string): string[] {
  return [...html.matchAll(/<astro-island\s[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes(` client="${directive}"`))
    .flatMap((tag) => [...tag.matchAll(/(?:component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)].map((u) => u[1] ?? ''));
}

/** The module scripts a built page names in `<script type="module" src>` or adds after its first paint (src/integrations/scriptsAfterPaint.ts). */
export function moduleScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script[^>]*\ssrc="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1] ?? '').concat(afterPaintModulesOf(html));
}

/** Follows a built page's scripts and islands through their static imports and sums their sizes. */
export function pageWeight(distDir: string, html: string): PageWeight {
  const roots = [
    ...moduleScriptsOf(html),
    ...[...html.matchAll(/(?:component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].flatMap((m) =>
      [...(m[1] ?? '').matchAll(IMPORT_RE)].map((i) => i[1] ?? '').filter((s) => s.startsWith('/_astro/')),
    ),
  ];
  const seen = staticClosure(distDir, roots);
  let bytes = 0;
  let gzip = 0;
  for (const file of seen) {
    const content = readFileSync(join(distDir, file));
    bytes += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: [...seen].sort(), bytes, gzip, islands: (html.match(/<astro-island/g) ?? []).length };
}

/** One representative page of each kind, for the build report. */
export const PAGE_KINDS: readonly [kind: string, path: string][] = [
  ['home (search landing)', '/'],
  ['search landing', '/po-sts/'],
  ['city', '/city/kazan/'],
  ['topical page', '/osago/'],
  ['fine list', '/fines/'],
  ['news index', '/news/'],
  ['news item', '/news/'],
  ['article', '/good_to_know/'],
  ['FAQ', '/faq/'],
  ['legal text', '/licenses/license-agreement/'],
  ['information page', '/about/'],
  ['reviews', '/reviews/'],
  ['HTML sitemap', '/sitemap/'],
];
