// How the site writes a КоАП article: the one place that turns our article code ('12.9.2' =
// article 12.9, part 2) into the way a ruling and a lawyer write it, «ч. 2 ст. 12.9 КоАП РФ».
// Every page, list, mail, export and chart uses it, so nothing prints «ст. 12.9.2».

/** Chapter 12 articles of КоАП whose own number has three parts ('12.21.4'), so that '12.21.4.1' is ч. 1 of it. */
const THREE_NUMBER_ARTICLES = ['12.21.1', '12.21.2', '12.21.3', '12.21.4', '12.21.5', '12.31.1', '12.32.1', '12.36.1'];

/** Whether a code is our article code: numbers joined by dots, at least article and chapter ('12.6'). */
const isArticleCode = (code: string) => /^\d+(\.\d+)+$/.test(code);

/** 'ч. 2 ст. 12.9' for '12.9.2', 'ч. 1 ст. 12.21.4' for '12.21.4.1', 'ст. 12.6' for '12.6'; any other text as it is. */
export function koapCitation(article: string): string {
  const code = article.trim();
  if (!isArticleCode(code)) return code;
  const whole = THREE_NUMBER_ARTICLES.find((a) => code === a || code.startsWith(`${a}.`)) ?? code.split('.').slice(0, 2).join('.');
  const part = code.slice(whole.length + 1);
  return part === '' ? `ст. ${whole}` : `ч. ${part} ст. ${whole}`;
}

/** 'ч. 2 ст. 12.9 КоАП РФ' for '12.9.2' (the citation with the code's name); '' for an empty article, other text as it is. */
export function articleLabel(article: string): string {
  const code = article.trim();
  if (code === '') return '';
  return isArticleCode(code) ? `${koapCitation(code)} КоАП РФ` : code;
}

/**
 * Our codes written the wrong way, as a pattern: «ст. 12.9.2» (a part of a chapter-12 article glued
 * to it), but not «ст. 12.21.4» or «ст. 2.6.1» (articles whose own number has three parts).
 */
export const GLUED_ARTICLE_PATTERN = new RegExp(String.raw`ст\.\s*(?!(?:${THREE_NUMBER_ARTICLES.map((a) => a.replaceAll('.', String.raw`\.`)).join('|')})(?!\.?\d))12\.\d+\.\d+`, 'g');
