import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withModulePreloads } from '../../../src/integrations/modulePreload.ts';

/** A built site in a temporary folder: an entry script that imports a chunk, which imports another, and one loaded lazily. */
function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'preload-dist-'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro/page.A1.js'), 'import{a}from"./shared.B2.js";import"./side.C3.js";const l=()=>import("./lazy.D4.js");a(l);');
  writeFileSync(join(dir, '_astro/shared.B2.js'), 'import{c}from"./deep.E5.js";export const a=c;');
  writeFileSync(join(dir, '_astro/side.C3.js'), 'console.log(1);');
  writeFileSync(join(dir, '_astro/deep.E5.js'), 'export const c=(f)=>f;');
  writeFileSync(join(dir, '_astro/lazy.D4.js'), 'export default 1;');
  return dir;
}

const page = '<html><head><title>t</title></head><body><p>text</p><script type="module" src="/_astro/page.A1.js"></script></body></html>';

describe('module preloads (the build adds them so imported chunks load beside the script)', () => {
  it('preloads every chunk the page script imports statically, at any depth, just before the script', () => {
    const html = withModulePreloads(dist(), page);
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['/_astro/deep.E5.js', '/_astro/shared.B2.js', '/_astro/side.C3.js']);
    expect(html.indexOf('rel="modulepreload"')).toBeGreaterThan(html.indexOf('<p>text</p>'));
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('does not preload the script itself or what it imports only on use', () => {
    const html = withModulePreloads(dist(), page);
    expect(html).not.toContain('href="/_astro/page.A1.js"');
    expect(html).not.toContain('lazy.D4.js');
  });

  it('leaves a page without module scripts, and a page already done, as it is', () => {
    const plain = '<html><head></head><body><p>no js</p></body></html>';
    expect(withModulePreloads(dist(), plain)).toBe(plain);
    const once = withModulePreloads(dist(), page);
    expect(withModulePreloads(dist(), once)).toBe(once);
  });

  it('preloads a client:load island’s code and its static imports, before the island, on a page that asks; an idle island keeps its own loading', () => {
    const dir = dist();
    writeFileSync(join(dir, '_astro/Island.F6.js'), 'import{a}from"./shared.B2.js";export default a;');
    writeFileSync(join(dir, '_astro/client.G7.js'), 'import"./side.C3.js";export default 1;');
    writeFileSync(join(dir, '_astro/Later.H8.js'), 'import"./lazy.D4.js";export default 2;');
    const islands =
      '<html><head><meta name="module-preload" content="islands"></head><body><p>text</p>' +
      '<astro-island uid="1" component-url="/_astro/Island.F6.js" renderer-url="/_astro/client.G7.js" ssr client="load"></astro-island>' +
      '<astro-island uid="2" component-url="/_astro/Later.H8.js" renderer-url="/_astro/client.G7.js" ssr client="idle"></astro-island></body></html>';
    const html = withModulePreloads(dir, islands);
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['/_astro/Island.F6.js', '/_astro/client.G7.js', '/_astro/deep.E5.js', '/_astro/shared.B2.js', '/_astro/side.C3.js']);
    expect(html.indexOf('rel="modulepreload"')).toBeGreaterThan(html.indexOf('<p>text</p>'));
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('<astro-island'));
    expect(html).not.toContain('href="/_astro/Later.H8.js"');
    expect(html).not.toContain('lazy.D4.js');
    // A page that does not ask (its first state is static, or painted by the inline script) leaves the island's code to load itself.
    const plain = islands.replace('<meta name="module-preload" content="islands">', '');
    expect(withModulePreloads(dir, plain)).toBe(plain);
  });
});
