import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

/** True when dist/ is missing or older than any source of the site (so `npm start` must build first). */
export async function siteNeedsBuild(root: string, distDir: string): Promise<boolean> {
  let built: number;
  try {
    built = (await stat(join(distDir, 'index.html'))).mtimeMs;
  } catch {
    return true;
  }
  const sources = await Promise.all(SOURCES.map((s) => newestMtime(join(root, s))));
  return Math.max(...sources) > built;
}
