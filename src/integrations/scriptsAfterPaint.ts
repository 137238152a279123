import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AFTER_FIRST_PAINT_LOADER, AFTER_FIRST_PAINT_MARK } from '../lib/afterFirstPaint.ts';
import { cspHash } from './cspHash.ts';
import { splitFirstPaintCss } from './firstPaintCss.ts';
import { carriesMark, islandCodeOf, staticClosure } from './pageWeight.ts';

/**
 * The page with its largest inline style sheet cut to what its first paint can use
 * (src/integrations/firstPaintCss.ts), the rest written to dist/_astro/ under its content's hash, and
 * the sheet's CSP hash changed to the new text's; answers the written file's site path too.
 */
function withFirstPaintCss(distDir: string, html: string): { html: string; later: string | undefined } {
  const sheets = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].sort((a, b) => (b[1] ?? '').length - (a[1] ?? '').length);
  const sheet = sheets[0];
  if (sheet === undefined) return { html, later: undefined };
  const css = sheet[1] ?? '';
  const { first, later } = splitFirstPaintCss(css, html);
  if (later === '') return { html, later: undefined };
  // Named by its content, as the build names its assets: cached for good, a new text a new name.
  const file = `/_astro/after-paint.${createHash('sha256').update(later).digest('base64url').slice(0, 10)}.css`;
  writeFileSync(join(distDir, file), later);
  const at = sheet.index ?? 0;
  const next = `${html.slice(0, at)}<style>${first}</style>${html.slice(at + sheet[0].length)}`;
  return { html: next.replace(`'${cspHash(css)}'`, `'${cspHash(first)}'`), later: file };
}

/** A module script tag of the build: `<script type="module" src="/_astro/…js"></script>`. */
const MODULE_SCRIPT_TAG = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;

/** A JSON value for a single-quoted attribute (site paths hold no quote, but the escape keeps it safe). */
const attribute = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/'/g, '&#39;');

/**
 * On a page that carries AFTER_FIRST_PAINT_MARK (src/lib/afterFirstPaint.ts): its module script tags
 * taken out and the loader put at the end of its body with them, and with every chunk they and its
 * client:painted islands import statically to preload, so the page's code starts after the first
 * frame and then loads at once instead of one import level after another; and its style sheet cut to
 * what the first paint uses, the rest added by the loader (withFirstPaintCss). Other pages, and a page
 * already done, are answered as they are.
 */
export function withScriptsAfterPaint(distDir: string, html: string): string {
  if (!carriesMark(html, AFTER_FIRST_PAINT_MARK) || html.includes('<script data-modules=')) return html;
  const modules = [...html.matchAll(MODULE_SCRIPT_TAG)].map((m) => m[1] ?? '');
  const own = new Set(modules);
  const preloads = [...staticClosure(distDir, [...modules, ...islandCodeOf(html, 'painted')])].filter((file) => !own.has(file)).sort();
  if (modules.length === 0 && preloads.length === 0) return html;
  const styled = withFirstPaintCss(distDir, html);
  const styles = styled.later === undefined ? '' : ` data-styles='${attribute([styled.later])}'`;
  const loader = `<script data-modules='${attribute(modules)}' data-preloads='${attribute(preloads)}'${styles}>${AFTER_FIRST_PAINT_LOADER}</script>`;
  const without = styled.html.replace(MODULE_SCRIPT_TAG, '');
  const end = without.lastIndexOf('</body>');
  return end < 0 ? `${without}${loader}` : `${without.slice(0, end)}${loader}${without.slice(end)}`;
}
