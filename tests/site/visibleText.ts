// What a visitor reads (or hears) on a built page: the text outside scripts, styles, pictures and code,
// plus the attributes a browser shows or a screen reader says (alt, title, aria-label, placeholder).

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0', laquo: '«', raquo: '»', mdash: '—', ndash: '–', hellip: '…', copy: '©' };

/** Decodes the HTML entities Astro and React write (named ones above, decimal and hex). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The page's readable text, one string; block boundaries become line breaks, inline tags vanish (as a browser joins them). */
export function visibleText(html: string): string {
  const body = html
    .replace(/<head\b[\s\S]*?<\/head>/i, ' ')
    .replace(/<(script|style|svg|code|pre|template|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ');
  const spoken = [...body.matchAll(/\s(?:alt|title|aria-label|placeholder)="([^"]*)"/g)].map((m) => m[1] ?? '');
  const text = body
    .replace(/<\/?(p|div|li|ul|ol|h[1-6]|section|article|header|footer|nav|main|aside|table|tr|td|th|dd|dt|dl|br|summary|details|form|label|button|option|select|figure|figcaption|blockquote|search)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(`${text}\n${spoken.join('\n')}`);
}
