import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { PAGE_KINDS, pageWeight } from './pageWeight.ts';

/** The first built page under a folder that is an entry (not the index itself), e.g. one news item. */
function firstEntryPage(dist: string, prefix: string): string | undefined {
  const dir = join(dist, prefix);
  if (!existsSync(dir)) return undefined;
  const child = readdirSync(dir, { withFileTypes: true }).find((d) => d.isDirectory() && !['page', 'tags', 'category'].includes(d.name));
  return child ? `${prefix}${child.name}/` : undefined;
}

/** Prints, after every build, how many bytes of JavaScript each kind of page loads (issue 6, performance). */
export function jsReport(): AstroIntegration {
  return {
    name: 'js-report',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const rows: string[] = [];
        for (const [kind, path] of PAGE_KINDS) {
          const page = kind === 'news item' || kind === 'article' ? firstEntryPage(dist, path) : path;
          const file = page && join(dist, page, 'index.html');
          if (!file || !existsSync(file)) continue;
          const w = pageWeight(dist, readFileSync(file, 'utf8'));
          rows.push(`${kind.padEnd(24)} ${String(w.files.length).padStart(3)} files ${(w.bytes / 1024).toFixed(1).padStart(7)} KB ${(w.gzip / 1024).toFixed(1).padStart(6)} KB gz  islands: ${w.islands}  (${page})`);
        }
        logger.info(`JavaScript each page kind loads (static imports; lazy chunks load on use):\n${rows.join('\n')}`);
      },
    },
  };
}
