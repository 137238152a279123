import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { metaCspOf } from '../lib/csp.ts';
import { cspHash } from './cspHash.ts';
import { htmlFiles } from './htmlFiles.ts';

// Astro writes one policy for the whole site into every page: the hashes of every inline script and
// style element of every page (62 hashes, 3.3 KB that no compression shrinks, sent twice: in the
// meta tag and in the header). A page needs only its own. On the fine page that weight pushed the
// HTML past the first round trip's 14 KB (issue 27).

/** A script element's type that the browser runs (a data block such as JSON-LD is never run, so never checked). */
const runs = (attributes: string) => {
  const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1]?.toLowerCase();
  return type === undefined || type === '' || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
};

/** The CSP hashes of a page's own inline scripts (those without src that the browser runs) and style elements, as the browser hashes them: their raw text. */
export function inlineHashesOf(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\ssrc\s*=/i.test(` ${attributes}`) && runs(attributes)) hashes.add(cspHash(text));
  }
  for (const [, text = ''] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) hashes.add(cspHash(text));
  return hashes;
}

/**
 * The policy with, in script-src and style-src, only the hashes the page uses itself or `kept` names
 * (style sheets a library inserts at run time). Only removes: other sources stay, nothing is added.
 */
export function trimmedPolicy(policy: string, html: string, kept: Iterable<string>): string {
  const needed = new Set([...inlineHashesOf(html), ...kept]);
  return policy
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [name = '', ...sources] = part.split(/\s+/);
      if (name !== 'script-src' && name !== 'style-src') return part;
      return [name, ...sources.filter((source) => !/^'sha(256|384|512)-/.test(source) || needed.has(source.slice(1, -1)))].join(' ');
    })
    .join('; ');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The page with its meta policy trimmed to its own hashes (unchanged without one). */
export function withTrimmedCsp(html: string, kept: Iterable<string>): string {
  const policy = metaCspOf(html);
  if (policy === undefined) return html;
  const trimmed = trimmedPolicy(policy, html, kept);
  return html.replace(/(<meta\s+[^>]*http-equiv=["']?content-security-policy["']?[^>]*\scontent=)("[^"]*"|'[^']*')/i, (_, head: string) => `${head}"${escapeAttribute(trimmed)}"`);
}

/** Trims every built page's policy in `dist` (before the CSP headers are written from them); answers how many bytes it saved. */
export function trimPageCsps(dist: string, kept: Iterable<string>): number {
  const keep = [...kept];
  let saved = 0;
  for (const file of htmlFiles(dist)) {
    const path = join(dist, file);
    const html = readFileSync(path, 'utf8');
    const trimmed = withTrimmedCsp(html, keep);
    if (trimmed === html) continue;
    saved += html.length - trimmed.length;
    writeFileSync(path, trimmed);
  }
  return saved;
}
