import { Marked } from 'marked';
import { fillFacts } from './legalFacts/placeholders.ts';
import { withNbsp } from './text.ts';

const marked = new Marked({
  gfm: true,
  async: false,
  // The text of the page, never its links or code: non-breaking spaces after «№», before «г.» and «₽», inside amounts.
  walkTokens: (token) => {
    if (token.type === 'text' && !('tokens' in token && token.tokens)) token.text = withNbsp(token.text);
  },
  renderer: {
    // Editors write Markdown, not HTML: any raw HTML is shown as text, so content cannot inject markup.
    html: ({ text }) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  },
});

/** Turns content Markdown into HTML (build time only), filling in the legal figures ({{fact:…}}, {{fine:…}}). */
export function renderMarkdown(source: string): string {
  return marked.parse(fillFacts(source)) as string;
}

/** Plain text of a Markdown source, for descriptions and search snippets. */
export function markdownToText(source: string): string {
  return fillFacts(source)
    .replace(/```[\s\S]*?```/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
