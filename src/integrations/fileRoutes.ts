import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

async function* htmlNamedFolders(dir: string): AsyncGenerator<string> {
  for (const name of await readdir(dir)) {
    const full = join(dir, name);
    if (!(await stat(full)).isDirectory()) continue;
    if (name.endsWith('.html')) yield full;
    else yield* htmlNamedFolders(full);
  }
}

/**
 * Legacy addresses that end in '.html' (spec §2: /licences/personal-data-policy.html) must be files,
 * but `build.format: 'directory'` writes them as 'name.html/index.html'. After the build this moves
 * each such page to the file its address names.
 */
export function fileRoutes(): AstroIntegration {
  return {
    name: 'file-routes',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        for await (const folder of htmlNamedFolders(fileURLToPath(dir))) {
          const tmp = `${folder}.tmp`;
          await rename(join(folder, 'index.html'), tmp);
          await rm(folder, { recursive: true });
          await rename(tmp, folder);
          logger.info(`${folder.slice(fileURLToPath(dir).length - 1)} written as a file`);
        }
      },
    },
  };
}
