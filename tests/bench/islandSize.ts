/**
 * The landing page's own island code, gzipped (issue 5 target: under 25 KB beyond the React runtime).
 * Run after a build: `node tests/bench/islandSize.ts [dist] [page]` (defaults: dist/, index.html).
 *
 * Reads the islands of the page (<astro-island component-url renderer-url>), follows each chunk's static
 * imports, and leaves out the React runtime: the renderer (Astro's React client, react-dom, react,
 * scheduler) and everything it imports. Chunks loaded later by dynamic import (the lightbox, the
 * error screen, the toast library) are listed apart: they are not downloaded for the first view.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? 'dist');
const page = process.argv[3] ?? 'index.html';
const html = readFileSync(join(dist, page), 'utf8');
const TARGET_BYTES = 25 * 1024;

/** Attribute values of every <astro-island> on the page. */
const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((match) => {
  const tag = match[0];
  const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  return { component: attr('component-url'), renderer: attr('renderer-url'), name: /&quot;name&quot;:&quot;(\w+)/.exec(tag)?.[1] ?? '?' };
});
if (islands.length === 0) throw new Error(`${page} has no islands`);

const source = (url: string) => readFileSync(join(dist, url.replace(/^\//, '')), 'utf8');
/** Static imports of a chunk (import … from "./x.js", import "./x.js"), as site paths. */
const staticImports = (url: string) =>
  [...source(url).matchAll(/(?:from|import)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)].map((m) => new URL(m[1] ?? '', `http://x${url}`).pathname);
/** Dynamic imports of a chunk: import(`./x.js`). */
const dynamicImports = (url: string) =>
  [...source(url).matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => new URL(m[1] ?? '', `http://x${url}`).pathname);

/** Every chunk reachable from `roots` through static imports. */
function closure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const url = queue.pop();
    if (url === undefined || seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(url));
  }
  return seen;
}

/** React itself, whichever chunk it landed in (markers of react, react-dom and scheduler). */
const REACT_MARKERS = ['react.transitional.element', 'unstable_scheduleCallback', '__REACT_DEVTOOLS_GLOBAL_HOOK__'];
const renderers = [...new Set(islands.map((i) => i.renderer).filter((u): u is string => u !== undefined))];
const runtime = closure(renderers);
const own = closure(islands.map((i) => i.component).filter((u): u is string => u !== undefined));
for (const url of own) if (REACT_MARKERS.some((marker) => source(url).includes(marker))) runtime.add(url);
const ownCode = [...own].filter((url) => !runtime.has(url));
const later = new Set([...own].flatMap(dynamicImports).filter((url) => !own.has(url) && !runtime.has(url)));
const lazyCode = [...closure([...later])].filter((url) => !own.has(url) && !runtime.has(url));

const gz = (url: string) => gzipSync(source(url), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const table = (urls: readonly string[]) => urls.map((url) => ({ chunk: url, gzip: gz(url) })).sort((a, b) => b.gzip - a.gzip);

console.log(`Islands on ${page}: ${islands.map((i) => i.name).join(', ')}`);
console.log(`React runtime (left out): ${kb([...runtime].reduce((s, u) => s + gz(u), 0))} gzipped: ${[...runtime].map((u) => u.replace('/_astro/', '')).join(', ')}`);
console.log('\nIsland code loaded at hydration (gzipped):');
const ownRows = table(ownCode);
for (const row of ownRows) console.log(`  ${kb(row.gzip).padStart(9)}  ${row.chunk}`);
const total = ownRows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`  ${kb(total).padStart(9)}  total — target < ${kb(TARGET_BYTES)}: ${total < TARGET_BYTES ? 'met' : 'NOT met'}`);
console.log('\nLoaded only when needed (dynamic imports, gzipped):');
for (const row of table(lazyCode)) console.log(`  ${kb(row.gzip).padStart(9)}  ${row.chunk}`);
