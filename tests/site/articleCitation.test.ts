import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLUED_ARTICLE_PATTERN } from '../../src/lib/koapCitation.ts';
import { DIST, builtPages } from './builtSite.ts';

/** Every file of dist/ with one of these endings. */
function filesEnding(dir: string, endings: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return filesEnding(full, endings);
    return endings.some((ending) => name.endsWith(ending)) ? [full] : [];
  });
}

/** Where the pattern occurs in a text, with a little around it. */
const hits = (text: string) => [...text.matchAll(GLUED_ARTICLE_PATTERN)].map((m) => text.slice(Math.max(0, (m.index ?? 0) - 40), (m.index ?? 0) + 40));

// Issue 24, item 11: an article reads «ч. 2 ст. 12.9 КоАП РФ» everywhere; «ст. 12.9.2» is our code
// leaking into text. The pages and the islands' scripts are scanned as built.
describe('the built site writes articles one way', () => {
  it('no page says «ст. 12.9.2»', () => {
    const found = builtPages({ includeSpecial: true }).flatMap((page) => hits(page.html).map((hit) => `${page.path}: ${hit}`));
    expect(found).toEqual([]);
  });

  it('no island script or JSON says «ст. 12.9.2»', () => {
    const found = filesEnding(DIST, ['.js', '.mjs', '.json']).flatMap((file) => hits(readFileSync(file, 'utf8')).map((hit) => `${relative(DIST, file)}: ${hit}`));
    expect(found).toEqual([]);
  });
});
