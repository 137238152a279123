// A marked page's scripts and its unused CSS move behind the first paint (issue 27): the build must list every script, preload, sheet and CSP hash right, and the loader must add them once, after the frame.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitFirstPaintCss } from '../../../src/integrations/firstPaintCss.ts';
import { withModulePreloads } from '../../../src/integrations/modulePreload.ts';
import { withScriptsAfterPaint } from '../../../src/integrations/scriptsAfterPaint.ts';
import { AFTER_FIRST_PAINT_FALLBACK_MS, AFTER_FIRST_PAINT_LOADER, AFTER_FIRST_PAINT_MARK, afterPaintModulesOf } from '../../../src/lib/afterFirstPaint.ts';
import { metaCspOf } from '../../../src/lib/csp.ts';

/** A built site: two entry scripts with static and lazy imports, a painted island and an idle one. */
function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'after-paint-dist-'));
  mkdirSync(join(dir, '_astro'));
  const files: Record<string, string> = {
    'page.A1.js': 'import{a}from"./shared.B2.js";import"./side.C3.js";const l=()=>import("./lazy.D4.js");a(l);',
    'header.J9.js': 'import"./deep.E5.js";',
    'shared.B2.js': 'import{c}from"./deep.E5.js";export const a=c;',
    'side.C3.js': 'console.log(1);',
    'deep.E5.js': 'export const c=(f)=>f;',
    'lazy.D4.js': 'export default 1;',
    'Island.F6.js': 'import"./card.K1.js";export default 2;',
    'card.K1.js': 'export default 3;',
    'client.G7.js': 'import"./react.R1.js";export default 4;',
    'react.R1.js': 'export default 5;',
    'Later.H8.js': 'import"./idle.I1.js";export default 6;',
    'idle.I1.js': 'export default 7;',
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, '_astro', name), code);
  return dir;
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const css = '.menu{color:red}.payment-step{display:grid}@media (min-width:600px){.menu{a:b}.receipt{c:d}}';
const small = 'p{margin:0}';

/** A fine's page asking for its scripts after the first paint, with its sheets' hashes in its policy. */
const page = (sheet = css) =>
  `<html><head>${AFTER_FIRST_PAINT_MARK}<meta http-equiv="content-security-policy" content="script-src 'self'; style-src 'self' ${sha(sheet)} ${sha(small)}">` +
  `<style>${small}</style><style>${sheet}</style></head><body><nav class="menu">menu</nav>` +
  '<astro-island uid="1" component-url="/_astro/Island.F6.js" renderer-url="/_astro/client.G7.js" ssr client="painted"></astro-island>' +
  '<astro-island uid="2" component-url="/_astro/Later.H8.js" renderer-url="/_astro/client.G7.js" ssr client="idle"></astro-island>' +
  '<script type="module" src="/_astro/page.A1.js"></script><p>after</p><script type="module" src="/_astro/header.J9.js"></script>' +
  '<script type="module">console.log("inline")</script></body></html>';

const LOADER_TAG = /<script data-modules='([^']*)' data-preloads='([^']*)'(?: data-styles='([^']*)')?>([\s\S]*?)<\/script>/;
const json = (attribute: string | undefined) => JSON.parse((attribute ?? 'null').replace(/&#39;/g, "'").replace(/&amp;/g, '&')) as unknown;

describe('scripts after the first paint (the build)', () => {
  it('answers a page without the mark as it is', () => {
    const plain = page().replace(AFTER_FIRST_PAINT_MARK, '');
    expect(withScriptsAfterPaint(dist(), plain)).toBe(plain);
  });

  it('answers a marked page with no module script and no painted island as it is', () => {
    const bare = `<html><head>${AFTER_FIRST_PAINT_MARK}<style>${css}</style></head><body><p class="menu">x</p></body></html>`;
    expect(withScriptsAfterPaint(dist(), bare)).toBe(bare);
  });

  it('takes the module script tags out and lists them, in order, for the loader', () => {
    const html = withScriptsAfterPaint(dist(), page());
    expect(html).not.toContain('<script type="module" src=');
    expect(html).toContain('<p>after</p>');
    expect(html).toContain('<script type="module">console.log("inline")</script>');
    expect(json(LOADER_TAG.exec(html)?.[1])).toEqual(['/_astro/page.A1.js', '/_astro/header.J9.js']);
    expect(afterPaintModulesOf(html)).toEqual(['/_astro/page.A1.js', '/_astro/header.J9.js']);
  });

  it('reads the mark with its two attributes in either order', () => {
    const reordered = page().replace(AFTER_FIRST_PAINT_MARK, '<meta content="after-first-paint" name="module-scripts">');
    expect(afterPaintModulesOf(withScriptsAfterPaint(dist(), reordered))).toEqual(['/_astro/page.A1.js', '/_astro/header.J9.js']);
  });

  it('preloads what the scripts and the painted islands import statically, not the scripts, lazy imports or idle islands', () => {
    const html = withScriptsAfterPaint(dist(), page());
    expect(json(LOADER_TAG.exec(html)?.[2])).toEqual(
      ['Island.F6', 'card.K1', 'client.G7', 'deep.E5', 'react.R1', 'shared.B2', 'side.C3'].map((name) => `/_astro/${name}.js`),
    );
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('puts the loader, its text exactly the known one, just before </body>', () => {
    const html = withScriptsAfterPaint(dist(), page());
    const tag = LOADER_TAG.exec(html);
    expect(tag?.[4]).toBe(AFTER_FIRST_PAINT_LOADER);
    expect((tag?.index ?? 0) + (tag?.[0].length ?? 0)).toBe(html.indexOf('</body>'));
    expect(html.match(/<script data-modules=/g)).toHaveLength(1);
  });

  it('cuts the largest sheet to its first paint’s rules, writes the rest to a file the loader adds, and swaps its CSP hash', () => {
    const dir = dist();
    const html = withScriptsAfterPaint(dir, page());
    const { first, later } = splitFirstPaintCss(css, page());
    expect(first).toBe('.menu{color:red}@media (min-width:600px){.menu{a:b}}');
    expect(html).toContain(`<style>${small}</style><style>${first}</style>`);
    expect(html).not.toContain('.payment-step');

    const styles = json(LOADER_TAG.exec(html)?.[3]) as string[];
    const digest = createHash('sha256').update(later).digest('base64url').slice(0, 10);
    expect(styles).toEqual([`/_astro/after-paint.${digest}.css`]);
    expect(readFileSync(join(dir, styles[0] ?? ''), 'utf8')).toBe(later);

    const policy = metaCspOf(html) ?? '';
    expect(policy).toContain(sha(first));
    expect(policy).toContain(sha(small));
    expect(policy).not.toContain(sha(css));
  });

  it('writes no sheet and names none when the first paint uses the whole sheet', () => {
    const dir = dist();
    const whole = '.menu{color:red}nav{display:flex}';
    const html = withScriptsAfterPaint(dir, page(whole));
    expect(html).toContain(`<style>${whole}</style>`);
    expect(html).not.toContain("data-styles='");
    expect(metaCspOf(html)).toContain(sha(whole));
    expect(readdirSync(join(dir, '_astro')).filter((name) => name.startsWith('after-paint'))).toEqual([]);
  });

  it('changes nothing the second time, and module preloads leave a marked page alone', () => {
    const dir = dist();
    const once = withScriptsAfterPaint(dir, page());
    expect(withScriptsAfterPaint(dir, once)).toBe(once);
    expect(withModulePreloads(dir, page())).toBe(page());
    expect(withModulePreloads(dir, once)).toBe(once);
  });
});

type Added = { tagName: string; rel?: string; href?: string; type?: string; async?: boolean; src?: string; onload?: () => void; onerror?: () => void };
type FakeWindow = EventTarget & { requestAnimationFrame: (run: () => void) => number; setTimeout: (run: () => void, ms: number) => number; __afterPaintStyles?: boolean };

/** Runs the loader with the given attributes against a fake document and a window whose frames and timers the test fires. */
function runLoader(attributes: Record<string, string>) {
  const head: Added[] = [];
  const body: Added[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const win = new EventTarget() as FakeWindow;
  win.requestAnimationFrame = (run) => frames.push(run);
  win.setTimeout = (run, ms) => timers.push({ run, ms });
  let events = 0;
  win.addEventListener('after-paint-styles', () => {
    events += 1;
  });
  const doc = {
    currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
    createElement: (tagName: string): Added => ({ tagName }),
    head: { appendChild: (element: Added) => head.push(element) },
    body: { appendChild: (element: Added) => body.push(element) },
  };
  new Function('document', 'window', AFTER_FIRST_PAINT_LOADER)(doc, win);
  /** Runs (and forgets) the queued timers of `ms`. */
  const fire = (ms: number) => {
    for (const timer of timers.filter((t) => t.ms === ms)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  const frame = () => frames.splice(0).forEach((run) => run());
  return { head, body, win, frame, fire, events: () => events };
}

const attributes = {
  'data-modules': '["/_astro/page.A1.js","/_astro/header.J9.js"]',
  'data-preloads': '["/_astro/deep.E5.js","/_astro/shared.B2.js"]',
  'data-styles': '["/_astro/after-paint.a.css","/_astro/after-paint.b.css"]',
};

describe('the after-paint loader (in the page)', () => {
  it('adds nothing before the frame, then the sheets, the preloads and the scripts in order', () => {
    const loader = runLoader(attributes);
    expect(loader.head).toEqual([]);
    loader.frame();
    expect(loader.head).toEqual([]);
    loader.fire(0);
    expect(loader.head.map(({ tagName, rel, href }) => [tagName, rel, href])).toEqual([
      ['link', 'stylesheet', '/_astro/after-paint.a.css'],
      ['link', 'stylesheet', '/_astro/after-paint.b.css'],
      ['link', 'modulepreload', '/_astro/deep.E5.js'],
      ['link', 'modulepreload', '/_astro/shared.B2.js'],
    ]);
    expect(loader.body.map(({ tagName, type, async, src }) => [tagName, type, async, src])).toEqual([
      ['script', 'module', false, '/_astro/page.A1.js'],
      ['script', 'module', false, '/_astro/header.J9.js'],
    ]);
  });

  it('starts on the fallback timer when no frame comes, and adds each element once when both fire', () => {
    const loader = runLoader(attributes);
    loader.fire(AFTER_FIRST_PAINT_FALLBACK_MS);
    expect(loader.head).toHaveLength(4);
    expect(loader.body).toHaveLength(2);
    loader.frame();
    loader.fire(0);
    expect(loader.head).toHaveLength(4);
    expect(loader.body).toHaveLength(2);

    const other = runLoader(attributes);
    other.frame();
    other.fire(0);
    other.fire(AFTER_FIRST_PAINT_FALLBACK_MS);
    expect(other.head).toHaveLength(4);
    expect(other.body).toHaveLength(2);
  });

  it('says the styles are ready only once every sheet has loaded or failed', () => {
    const loader = runLoader(attributes);
    loader.frame();
    loader.fire(0);
    const [a, b] = loader.head;
    a?.onload?.();
    expect(loader.win.__afterPaintStyles).toBeUndefined();
    expect(loader.events()).toBe(0);
    b?.onerror?.();
    expect(loader.win.__afterPaintStyles).toBe(true);
    expect(loader.events()).toBe(1);
  });

  it('says the styles are ready as it starts when there are none, and reads missing attributes as empty lists', () => {
    const loader = runLoader({ 'data-modules': '["/_astro/page.A1.js"]' });
    loader.frame();
    expect(loader.events()).toBe(0);
    expect(loader.win.__afterPaintStyles).toBeUndefined();
    loader.fire(0);
    expect(loader.win.__afterPaintStyles).toBe(true);
    expect(loader.events()).toBe(1);
    expect(loader.head).toEqual([]);
    expect(loader.body.map((script) => script.src)).toEqual(['/_astro/page.A1.js']);
  });

  it('adds what the build listed in the page', () => {
    const html = withScriptsAfterPaint(dist(), page());
    const tag = LOADER_TAG.exec(html);
    const decode = (value: string | undefined) => (value ?? '[]').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    const loader = runLoader({ 'data-modules': decode(tag?.[1]), 'data-preloads': decode(tag?.[2]), 'data-styles': decode(tag?.[3]) });
    loader.fire(AFTER_FIRST_PAINT_FALLBACK_MS);
    expect(loader.body.map((script) => script.src)).toEqual(afterPaintModulesOf(html));
    expect(loader.head.filter((link) => link.rel === 'modulepreload').map((link) => link.href)).toEqual(json(tag?.[2]));
    expect(loader.head.filter((link) => link.rel === 'stylesheet').map((link) => link.href)).toEqual(json(tag?.[3]));
  });
});
