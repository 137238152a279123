import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every built HTML file under `dir`, relative to it with forward slashes. */
export function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.html')) out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}
