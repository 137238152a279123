// Issue 27: what a page needs before its first paint. Every page's CSP names its own inline scripts
// and styles and nothing else (a script copied from another page does not run); the fine's pages
// start their code after the first frame, with every file the loader names built; and their HTML,
// compressed as the server sends it, fits with its headers in a new connection's first round trip.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { injectedStyleHashes } from '../../src/integrations/injectedStyleHashes.ts';
import { inlineHashesOf } from '../../src/integrations/pageCspTrim.ts';
import { AFTER_FIRST_PAINT_LOADER, AFTER_FIRST_PAINT_MARK } from '../../src/lib/afterFirstPaint.ts';
import { metaCspOf } from '../../src/lib/csp.ts';
import { DIST, builtPages } from './builtSite.ts';

const hashesOf = (policy: string, directive: string) =>
  new Set([...(new RegExp(`(?:^|;)\\s*${directive}\\s([^;]*)`).exec(policy)?.[1] ?? '').matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1] ?? ''));

const pages = builtPages({ includeSpecial: true });
const finePages = ['/fines/fine/', '/fines/info/'].map((path) => pages.find((page) => page.path === path));

describe('each page’s CSP names its own inline code and nothing else', () => {
  it('allows every inline script and style element of every page, and no other hash', () => {
    const injected = new Set<string>(injectedStyleHashes());
    let checked = 0;
    for (const page of pages) {
      const policy = metaCspOf(page.html);
      if (policy === undefined) continue;
      checked += 1;
      const own = inlineHashesOf(page.html);
      const allowed = new Set([...hashesOf(policy, 'script-src'), ...hashesOf(policy, 'style-src')]);
      for (const hash of own) expect(allowed.has(hash), `${page.path} misses ${hash}`).toBe(true);
      for (const hash of allowed) expect(own.has(hash) || injected.has(hash), `${page.path} allows ${hash}, not its own`).toBe(true);
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('does not let the profile’s early script run on the home page', () => {
    const profile = pages.find((page) => page.path === '/profile/');
    const home = pages.find((page) => page.path === '/');
    const early = [...inlineHashesOf(profile?.html ?? '')].filter((hash) => !inlineHashesOf(home?.html ?? '').has(hash));
    expect(early.length).toBeGreaterThan(0);
    const policy = metaCspOf(home?.html ?? '') ?? '';
    for (const hash of early) expect(policy).not.toContain(hash);
  });
});

describe('the fine’s pages start their code after the first paint', () => {
  it.each(finePages.map((page) => [page?.path ?? 'missing', page]))('%s has no module script tag, only the loader, and every file it names is built', (_, page) => {
    const html = page?.html ?? '';
    expect(html).toContain(AFTER_FIRST_PAINT_MARK);
    expect(html).not.toMatch(/<script type="module" src=/);
    expect(html).not.toContain('rel="modulepreload"');
    const loader = /<script data-modules='([^']*)' data-preloads='([^']*)' data-styles='([^']*)'>([\s\S]*?)<\/script>/.exec(html);
    expect(loader?.[4]).toBe(AFTER_FIRST_PAINT_LOADER);
    const files = [loader?.[1], loader?.[2], loader?.[3]].flatMap((list) => JSON.parse(list ?? '[]') as string[]);
    expect(files.some((file) => /\/_astro\/after-paint\.[\w-]+\.css$/.test(file))).toBe(true);
    expect(files.some((file) => /\/_astro\/FineDetails\.[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of files) expect(existsSync(join(DIST, file)), file).toBe(true);
    expect(html).toContain('client="painted"');
  });

  it.each(finePages.map((page) => [page?.path ?? 'missing', page]))('%s is under 12 KB as the server compresses it (brotli, quality 11)', (_, page) => {
    const bytes = brotliCompressSync(Buffer.from(page?.html ?? 'x'.repeat(100_000)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
    expect(bytes.length).toBeLessThan(12 * 1024);
  });
});
