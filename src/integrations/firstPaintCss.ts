// A page whose scripts start after its first paint (src/lib/afterFirstPaint.ts) carries, inlined, the
// CSS of every island it hydrates: on a fine's page 25 KB, of which the static first screen uses a
// third; the rest (the payment steps, the map, the lightbox, the receipt…) only styles what React draws
// later. splitFirstPaintCss keeps inline what can style the page as built, and the after-paint loader
// adds the rest as a file before any island hydrates (src/integrations/paintedDirective.ts waits for it).

/** One top-level piece of a style sheet: a rule (`selectors { … }`) or an at-rule with its block or its semicolon. */
type Piece = { head: string; block: string | undefined };

/** Splits CSS text into its top-level pieces, minding strings and comments. */
function pieces(css: string): Piece[] {
  const out: Piece[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i];
    if (c === '"' || c === "'") {
      // To the closing quote, stepping over escaped characters (content: "\"}").
      let end = i + 1;
      while (end < css.length && css[end] !== c) end += css[end] === '\\' ? 2 : 1;
      i = end;
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (c === '}') {
      depth -= 1;
      if (depth === 0) {
        out.push({ head: css.slice(start, open).trim(), block: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      out.push({ head: css.slice(start, i + 1).trim(), block: undefined });
      start = i + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest !== '') out.push({ head: rest, block: undefined });
  return out;
}

/** The selectors of a list, split at the commas outside parentheses and brackets. */
function selectorsOf(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i];
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((s) => s.trim());
}

/**
 * Whether a selector cannot match the page as built: it names a class or an id that nothing on the page
 * has. Selectors whose match does not need every name they hold (:not, :is, :where, :has) always count
 * as possible, as do names written with escapes, so the answer errs towards keeping a rule.
 */
function cannotMatch(selector: string, names: ReadonlySet<string>): boolean {
  // A name written with escapes (.md\:flex) is not read here: such a selector is kept.
  if (/:(not|is|where|has|matches)\(/.test(selector) || selector.includes('\\')) return false;
  const needed = [...selector.replace(/\[[^\]]*\]/g, '').matchAll(/[.#](-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? '');
  return needed.some((name) => !names.has(name));
}

/** Whether a rule's block holds nested rules (kept whole: their selectors are relative). */
const hasNested = (block: string) => block.includes('{');

/** The sheet split: what stays inline for the first paint, and what can wait. */
function split(css: string, names: ReadonlySet<string>): { first: string; later: string } {
  let first = '';
  let later = '';
  for (const { head, block } of pieces(css)) {
    if (block === undefined) {
      first += head;
    } else if (head.startsWith('@media')) {
      const inner = split(block, names);
      if (inner.first !== '') first += `${head}{${inner.first}}`;
      if (inner.later !== '') later += `${head}{${inner.later}}`;
    } else if (!head.startsWith('@') && !hasNested(block) && selectorsOf(head).every((selector) => cannotMatch(selector, names))) {
      later += `${head}{${block}}`;
    } else {
      first += `${head}{${block}}`;
    }
  }
  return { first, later };
}

/**
 * The class and id names the page as built can have: those of its elements, and every word of its
 * inline scripts (which may set a class before the rest of the sheet has come, such as the app banner's
 * has-app-banner on the body).
 */
export function pageNames(html: string): Set<string> {
  const names = new Set<string>();
  const markup = html.replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '');
  for (const m of markup.matchAll(/\s(?:class|id)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi)) {
    for (const name of (m[1] ?? m[2] ?? m[3] ?? '').split(/\s+/)) if (name !== '') names.add(name);
  }
  for (const [, attributes = '', text = ''] of markup.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\sdata-modules=/.test(attributes)) continue;
    for (const [word] of text.matchAll(/-?[_a-zA-Z][\w-]*/g)) names.add(word);
  }
  return names;
}

/** Splits a page's style sheet into the part its first paint can use (kept inline) and the rest. */
export function splitFirstPaintCss(css: string, html: string): { first: string; later: string } {
  return split(css, pageNames(html));
}
