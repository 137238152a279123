import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { AFTER_FIRST_PAINT_MARK } from '../lib/afterFirstPaint.ts';
import { htmlFiles } from './htmlFiles.ts';
import { withScriptsAfterPaint } from './scriptsAfterPaint.ts';
import { carriesMark, islandCodeOf, moduleScriptsOf, staticClosure } from './pageWeight.ts';

/**
 * The mark a page carries when its own data waits for a client:load island (the fine list): only there
 * is the island's code worth preloading. Elsewhere the first state is static or painted by the inline
 * script, and the island's code, preloaded, only competes with the first paint (on the home page it
 * moved Lighthouse's LCP from 1.55 to 2.29 s): `<meta name="module-preload" content="islands">`, its
 * two attributes in either order.
 */
const PRELOAD_ISLANDS_MARK = '<meta name="module-preload" content="islands">';

/** The code of the islands a page hydrates at once (client:load), when it asks for it (PRELOAD_ISLANDS_MARK): each one's component and renderer. */
export function loadIslandsOf(html: string): string[] {
  return carriesMark(html, PRELOAD_ISLANDS_MARK) ? islandCodeOf(html, 'load') : [];
}

/**
 * The page with a `<link rel="modulepreload">` for each chunk its module scripts and (on a page that
 * asks for it) its client:load islands import statically, and for those islands' own code, placed just
 * before the first of those
 * scripts or islands: the browser fetches them all at once instead of one import level after another
 * (on a phone each level is a round trip before the island can paint). Not in the head, where they
 * would compete with the page's first paint; the module scripts themselves are not preloaded; islands
 * that load later (visible, idle) keep their own loading.
 */
export function withModulePreloads(distDir: string, html: string): string {
  // A page whose scripts start after its first paint preloads what they import then (src/integrations/scriptsAfterPaint.ts).
  if (carriesMark(html, AFTER_FIRST_PAINT_MARK)) return html;
  const scripts = moduleScriptsOf(html);
  const islands = loadIslandsOf(html);
  if ((scripts.length === 0 && islands.length === 0) || html.includes('rel="modulepreload"')) return html;
  const own = new Set(scripts);
  const chunks = [...staticClosure(distDir, [...scripts, ...islands])].filter((file) => !own.has(file)).sort();
  if (chunks.length === 0) return html;
  const links = chunks.map((file) => `<link rel="modulepreload" href="${file}">`).join('');
  const starts = [
    ...(scripts[0] === undefined ? [] : [html.lastIndexOf('<script', html.indexOf(`src="${scripts[0]}"`))]),
    ...(islands.length === 0 ? [] : [html.search(/<astro-island\s[^>]*\sclient="load"/)]),
  ].filter((index) => index >= 0);
  const first = Math.min(...starts);
  return `${html.slice(0, first)}${links}${html.slice(first)}`;
}

/**
 * After the build, adds module preloads to every built page that runs module scripts (see
 * withModulePreloads), or moves them after the first paint where the page asks (withScriptsAfterPaint).
 * Runs before the CSP integration, which keeps in each page's policy the hashes of the inline scripts
 * the page has then, the after-paint loader's among them.
 */
export function modulePreload(): AstroIntegration {
  return {
    name: 'module-preload',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const dist = fileURLToPath(dir);
        for (const file of htmlFiles(dist)) {
          const path = join(dist, file);
          const html = readFileSync(path, 'utf8');
          const next = withModulePreloads(dist, withScriptsAfterPaint(dist, html));
          if (next !== html) writeFileSync(path, next);
        }
      },
    },
  };
}
