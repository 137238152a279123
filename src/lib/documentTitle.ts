/** The longest <title> search engines show in full; longer titles are cut by them anyway. */
export const MAX_TITLE = 70;

/**
 * The document title: the page's title with the site's name when both fit in 70 characters, the
 * page's title alone when only it fits, and otherwise the title cut at a word with an ellipsis.
 */
export function documentTitle(title: string, siteName: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  const withSite = `${clean} — ${siteName}`;
  if (clean.includes(siteName)) return clean.length <= MAX_TITLE ? clean : cut(clean);
  if (withSite.length <= MAX_TITLE) return withSite;
  return clean.length <= MAX_TITLE ? clean : cut(clean);
}

function cut(text: string): string {
  const head = text.slice(0, MAX_TITLE - 1);
  const atWord = head.replace(/[\s,.:;—–-]+\S*$/, '');
  return `${atWord.length > 40 ? atWord : head.trimEnd()}…`;
}
