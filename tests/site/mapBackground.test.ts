import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, attributeValues, builtPages } from './builtSite.ts';

// Issue 24, item 14: the map's own background (its code and its data) is in no page's bundle: the map
// page fetches it by a dynamic import once drawn, and no other page can reach it at all.

const ASTRO = join(DIST, '_astro');
const read = (file: string) => readFileSync(join(ASTRO, file), 'utf8');
const scripts = readdirSync(ASTRO).filter((f) => f.endsWith('.js'));
const background = scripts.filter((f) => f.startsWith('backgroundLayer.'));
const placeBackground = scripts.filter((f) => f.startsWith('placeBackground.'));
/** Pages that show a fine's place on a small map (PlaceMap): they may reach the cells around the point, lazily. */
const FINE_PAGES = ['/fines/fine/', '/fines/info/'];

/** The scripts a script imports statically (`import{…}from"./x.js"`, `import"./x.js"`) or dynamically (`import(`./x.js`)`). */
function importsOf(file: string): { static: string[]; dynamic: string[] } {
  const code = read(file);
  const names = (re: RegExp) => [...code.matchAll(re)].map((m) => (m[1] ?? '').replace(/^\.\//, ''));
  return { static: names(/import(?:\{[^}]*\}from|\*as \w+ from|\s*)["'](\.\/[^"']+\.js)["']/g), dynamic: names(/import\(\s*[`"'](\.\/[^`"']+\.js)[`"']\s*\)/g) };
}

/** Every script a page loads up front: its own scripts, preloads and islands, and what they import statically. */
function staticClosure(html: string): Set<string> {
  const seen = new Set<string>();
  const islands = [...html.matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1] ?? '');
  const queue = [...attributeValues(html, 'src'), ...attributeValues(html, 'href'), ...islands].filter((u) => u.startsWith('/_astro/') && u.endsWith('.js')).map((u) => u.slice('/_astro/'.length));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !scripts.includes(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file).static);
  }
  return seen;
}

describe('the map background stays on the map page', () => {
  it('is one lazy chunk that alone names the data files', () => {
    expect(background).toHaveLength(1);
    const naming = scripts.filter((f) => /\/_astro\/(land-\d|roads)\.[\w-]+\.json/.test(read(f)));
    expect(naming).toEqual(background);
  });

  const pages = builtPages();
  it.each(pages.map((p) => [p.path, p] as const))('%s does not load it up front', (_, page) => {
    const closure = staticClosure(page.html);
    for (const file of background) expect(closure.has(file)).toBe(false);
    expect(page.html).not.toMatch(/backgroundLayer\.|\/_astro\/land-\d|\/_astro\/roads\./);
    const lazy = [...closure].some((file) => importsOf(file).dynamic.some((d) => background.includes(d)));
    expect(lazy).toBe(page.path === '/webview/ordinances-map/');
    // The fine page's small map: its own lazy chunk (the cells around the point), never the map page's.
    for (const file of placeBackground) expect(closure.has(file)).toBe(false);
    const lazyPlace = [...closure].some((file) => importsOf(file).dynamic.some((d) => placeBackground.includes(d)));
    if (!FINE_PAGES.includes(page.path)) expect(lazyPlace).toBe(false);
  });

  it('gives the fine page a small lazy chunk that names only the detailed cells', () => {
    expect(placeBackground).toHaveLength(1);
    const code = read(placeBackground[0] as string);
    expect(code).not.toMatch(/\/_astro\/(land-\d|roads)\./);
    expect(code).not.toContain('backgroundLayer');
    for (const path of FINE_PAGES) {
      const page = pages.find((p) => p.path === path);
      expect(page, path).toBeDefined();
      const closure = staticClosure(page?.html ?? '');
      expect([...closure].some((file) => importsOf(file).dynamic.some((d) => placeBackground.includes(d))), path).toBe(true);
    }
  });
});
