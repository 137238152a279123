// The build trims every page's meta CSP to the hashes of that page's own inline scripts and styles (issue 27); a wrong trim blocks a script or keeps the 3 KB.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineHashesOf, trimPageCsps, trimmedPolicy, withTrimmedCsp } from '../../../src/integrations/pageCspTrim.ts';
import { metaCspOf } from '../../../src/lib/csp.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

const script = 'window.a = 1;\n';
const style = '\n  body { color: red; }\n';
const other = 'window.elsewhere = 2;';
const library = 'sha256-LIBRARYSHEET0000000000000000000000000000=';

/** A built page with one inline script, one external script and one style element, and a site-wide policy. */
function page(policy: string): string {
  const content = policy.replace(/'/g, '&#39;');
  return (
    `<html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${content}"><style>${style}</style></head>` +
    `<body><p>text</p><script>${script}</script><script type="module" src="/_astro/page.A1.js"></script></body></html>`
  );
}

/** The site-wide policy: this page's hashes, another page's, a library's, and sources that are not hashes. */
const sitePolicy = [
  "default-src 'self'",
  `script-src 'self' '${sha(script)}' '${sha(other)}' 'sha384-OTHERPAGEXX'`,
  `style-src 'self' '${sha(style)}' '${sha('p{}')}' '${library}'`,
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: https://maps.example",
].join('; ');

const sources = (policy: string, directive: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];

describe('the hashes of a page’s own inline elements', () => {
  it('hashes inline scripts and style elements over their exact raw text, and skips scripts with src', () => {
    const html = page(sitePolicy);
    expect(inlineHashesOf(html)).toEqual(new Set([sha(script), sha(style)]));
    // Not trimmed: the whitespace around the text is part of what the browser hashes.
    expect(inlineHashesOf(html)).not.toContain(sha(style.trim()));
    expect(inlineHashesOf(html)).not.toContain(sha(''));
  });

  it('hashes an empty inline script and scripts whose attributes only look like src', () => {
    const html = '<script type="module" data-src="x">run()</script><script></script><SCRIPT SRC="/x.js"></SCRIPT>';
    expect(inlineHashesOf(html)).toEqual(new Set([sha('run()'), sha('')]));
  });

  it('does not hash data blocks the browser never runs (JSON-LD, templates in script tags)', () => {
    const html = '<script type="application/ld+json">{"a":1}</script><script type=text/template><b></b></script><script type="text/javascript">go()</script>';
    expect(inlineHashesOf(html)).toEqual(new Set([sha('go()')]));
  });
});

describe('the trimmed policy', () => {
  it('keeps in script-src and style-src only the page’s own hashes and the kept ones', () => {
    const trimmed = trimmedPolicy(sitePolicy, page(sitePolicy), [library]);
    expect(sources(trimmed, 'script-src')).toEqual(["'self'", `'${sha(script)}'`]);
    expect(sources(trimmed, 'style-src')).toEqual(["'self'", `'${sha(style)}'`, `'${library}'`]);
  });

  it('drops a kept hash’s sheet when it is not kept, and drops hashes of every algorithm', () => {
    const trimmed = trimmedPolicy(sitePolicy, page(sitePolicy), []);
    expect(sources(trimmed, 'style-src')).toEqual(["'self'", `'${sha(style)}'`]);
    expect(trimmed).not.toContain('sha384-');
  });

  it('keeps every other directive and every non-hash source as it was', () => {
    const trimmed = trimmedPolicy(sitePolicy, page(sitePolicy), [library]);
    expect(sources(trimmed, 'default-src')).toEqual(["'self'"]);
    expect(sources(trimmed, 'style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(sources(trimmed, 'img-src')).toEqual(["'self'", 'data:', 'https://maps.example']);
    expect(trimmed.split('; ').map((part) => part.split(' ')[0])).toEqual(['default-src', 'script-src', 'style-src', 'style-src-attr', 'img-src']);
  });

  it('never adds a hash the policy did not have, even one the page uses or kept names', () => {
    const narrow = "script-src 'self'; style-src 'self'";
    expect(trimmedPolicy(narrow, page(sitePolicy), [library])).toBe(narrow);
  });
});

describe('the page with its meta policy trimmed', () => {
  it('rewrites the meta tag’s content to the trimmed policy and leaves the rest of the page alone', () => {
    const html = page(sitePolicy);
    const trimmed = withTrimmedCsp(html, [library]);
    expect(metaCspOf(trimmed)).toBe(trimmedPolicy(sitePolicy, html, [library]));
    expect(trimmed.length).toBeLessThan(html.length);
    const outside = (text: string) => text.replace(/<meta http-equiv[^>]*>/, '');
    expect(outside(trimmed)).toBe(outside(html));
  });

  it('reads a single-quoted content attribute and writes it back readable', () => {
    const html = page(sitePolicy).replace(/content="([^"]*)"/, (_, value: string) => `content='${value}'`);
    expect(metaCspOf(html)).toBe(sitePolicy);
    expect(metaCspOf(withTrimmedCsp(html, []))).toBe(trimmedPolicy(sitePolicy, html, []));
  });

  it('answers a page without a meta policy as it is', () => {
    const html = '<html><head><title>t</title></head><body><script>x()</script></body></html>';
    expect(withTrimmedCsp(html, [library])).toBe(html);
  });
});

describe('trimming every built page', () => {
  it('rewrites each page with its own hashes and answers the bytes saved', () => {
    const dist = mkdtempSync(join(tmpdir(), 'csp-trim-'));
    mkdirSync(join(dist, 'about'));
    const home = page(sitePolicy);
    const about = page(sitePolicy).replace(`<script>${script}</script>`, `<script>${other}</script>`);
    writeFileSync(join(dist, 'index.html'), home);
    writeFileSync(join(dist, 'about/index.html'), about);
    writeFileSync(join(dist, 'notes.txt'), home);

    const saved = trimPageCsps(dist, [library]);

    const homeAfter = readFileSync(join(dist, 'index.html'), 'utf8');
    const aboutAfter = readFileSync(join(dist, 'about/index.html'), 'utf8');
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBe(home.length - homeAfter.length + (about.length - aboutAfter.length));
    expect(sources(metaCspOf(homeAfter) ?? '', 'script-src')).toEqual(["'self'", `'${sha(script)}'`]);
    expect(sources(metaCspOf(aboutAfter) ?? '', 'script-src')).toEqual(["'self'", `'${sha(other)}'`]);
    // Every hash left was in the site's policy.
    for (const html of [homeAfter, aboutAfter]) {
      for (const hash of (metaCspOf(html) ?? '').match(/'sha\d+-[^']+'/g) ?? []) expect(sitePolicy).toContain(hash);
    }
    // Other files are not pages.
    expect(readFileSync(join(dist, 'notes.txt'), 'utf8')).toBe(home);
  });

  it('answers 0 and writes nothing when every page is trimmed already', () => {
    const dist = mkdtempSync(join(tmpdir(), 'csp-trim-'));
    writeFileSync(join(dist, 'index.html'), page(sitePolicy));
    trimPageCsps(dist, []);
    const once = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(trimPageCsps(dist, [])).toBe(0);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe(once);
  });
});
