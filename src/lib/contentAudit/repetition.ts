// Finds pages whose paragraphs repeat those of other pages (issue 15: each page needs content of its
// own). A paragraph is cut into overlapping runs of SHINGLE words; it counts as repeated when most of
// its runs also occur on some other page. A page's repetition is the share of its words that sit in
// repeated paragraphs. Headings, short lines and the closing "Источники:" line are left out: they
// repeat by design.

/** A page as the check sees it. */
export interface PageText {
  readonly id: string;
  readonly text: string;
}

/** A paragraph of a page that repeats another page. */
export interface RepeatedParagraph {
  readonly paragraph: string;
  /** The other page that shares most of it. */
  readonly alsoOn: string;
  /** Share of the paragraph's word runs found elsewhere, 0..1. */
  readonly overlap: number;
}

/** One page's result. */
export interface PageRepetition {
  readonly id: string;
  /** Share of the page's words that sit in repeated paragraphs, 0..1. */
  readonly share: number;
  readonly words: number;
  readonly repeated: readonly RepeatedParagraph[];
}

/** Words per run. Four words in a row rarely match by chance in Russian prose. */
const SHINGLE = 4;
/** Paragraphs shorter than this many words are not judged. */
const MIN_WORDS = 12;
/** A paragraph is repeated when this share of its runs occurs on another page. */
export const PARAGRAPH_OVERLAP = 0.5;
/** A page fails the check when more than this share of its words is repeated. */
export const PAGE_THRESHOLD = 0.25;

/** The words of a Markdown paragraph: link targets, marks and punctuation dropped, ё as е, lower case. */
export function words(markdown: string): string[] {
  return markdown
    .replace(/\]\([^)]*\)/g, ']')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** The paragraphs a page is judged by. */
export function judgedParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => !block.startsWith('#') && !/^Источник/i.test(block) && words(block).length >= MIN_WORDS);
}

function shingles(list: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + SHINGLE <= list.length; i++) out.push(list.slice(i, i + SHINGLE).join(' '));
  return out;
}

/** Every page's repetition against all the others, worst first. */
export function pageRepetition(pages: readonly PageText[]): PageRepetition[] {
  const parsed = pages.map((page) => ({ id: page.id, paragraphs: judgedParagraphs(page.text).map((text) => ({ text, runs: [...new Set(shingles(words(text)))] })) }));
  const pagesByRun = new Map<string, Set<string>>();
  for (const page of parsed)
    for (const paragraph of page.paragraphs)
      for (const run of paragraph.runs) {
        const holders = pagesByRun.get(run) ?? new Set<string>();
        holders.add(page.id);
        pagesByRun.set(run, holders);
      }

  const results = parsed.map((page): PageRepetition => {
    let total = 0;
    let repeatedWords = 0;
    const repeated: RepeatedParagraph[] = [];
    for (const paragraph of page.paragraphs) {
      const count = words(paragraph.text).length;
      total += count;
      if (paragraph.runs.length === 0) continue;
      const shared = new Map<string, number>();
      let sharedRuns = 0;
      for (const run of paragraph.runs) {
        const others = [...(pagesByRun.get(run) ?? [])].filter((id) => id !== page.id);
        if (others.length > 0) sharedRuns += 1;
        for (const id of others) shared.set(id, (shared.get(id) ?? 0) + 1);
      }
      const overlap = sharedRuns / paragraph.runs.length;
      if (overlap < PARAGRAPH_OVERLAP) continue;
      const alsoOn = [...shared].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
      repeatedWords += count;
      repeated.push({ paragraph: paragraph.text, alsoOn, overlap });
    }
    return { id: page.id, share: total === 0 ? 0 : repeatedWords / total, words: total, repeated };
  });
  return results.sort((a, b) => b.share - a.share || a.id.localeCompare(b.id));
}

/** The pages above the threshold. */
export function repetitiveParagraphPages(pages: readonly PageText[], threshold = PAGE_THRESHOLD): PageRepetition[] {
  return pageRepetition(pages).filter((page) => page.share > threshold);
}
