import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './htmlFiles.ts';
import { moduleScriptsOf, staticClosure } from './pageWeight.ts';

/**
 * The page with a `<link rel="modulepreload">` for each chunk its module scripts import statically,
 * placed just before the first of those scripts: the browser fetches them beside the script instead of
 * one import level after another. Not in the head, where they would compete with the page's first
 * paint; the scripts themselves are not preloaded; islands keep their own loading (visible, idle).
 */
export function withModulePreloads(distDir: string, html: string): string {
  const scripts = moduleScriptsOf(html);
  if (scripts.length === 0 || html.includes('rel="modulepreload"')) return html;
  const own = new Set(scripts);
  const chunks = [...staticClosure(distDir, scripts)].filter((file) => !own.has(file)).sort();
  if (chunks.length === 0) return html;
  const links = chunks.map((file) => `<link rel="modulepreload" href="${file}">`).join('');
  const first = html.lastIndexOf('<script', html.indexOf(`src="${scripts[0]}"`));
  return `${html.slice(0, first)}${links}${html.slice(first)}`;
}

/** After the build, adds module preloads to every built page that runs module scripts (see withModulePreloads). */
export function modulePreload(): AstroIntegration {
  return {
    name: 'module-preload',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const dist = fileURLToPath(dir);
        for (const file of htmlFiles(dist)) {
          const path = join(dist, file);
          const html = readFileSync(path, 'utf8');
          const next = withModulePreloads(dist, html);
          if (next !== html) writeFileSync(path, next);
        }
      },
    },
  };
}
