/**
 * `npm run content:check`: prints the content pages whose paragraphs repeat other pages beyond the
 * threshold (src/lib/contentAudit/repetition.ts), each with the repeated paragraphs and the page they
 * also appear on, then the legal audit (src/lib/contentAudit/legalAudit.ts: amounts, dates and РСА
 * checks against src/lib/legalFacts, and facts without a dated source or checked over a year ago), and
 * exits 1 when there is any. `--threshold 0.1` tightens the first, `--top 20` also lists the twenty
 * most repetitive pages whether or not they pass.
 */
import { parseArgs } from 'node:util';
import { mainText, readContent } from '../../src/lib/contentAudit/contentFiles.ts';
import { PAGE_THRESHOLD, pageRepetition } from '../../src/lib/contentAudit/repetition.ts';
import { fillFacts } from '../../src/lib/legalFacts/placeholders.ts';
import { contentLegalProblems, legalFactProblems } from '../../src/lib/contentAudit/legalAudit.ts';
import { lawDay } from '../../src/lib/legalFacts/lawDay.ts';

const { values } = parseArgs({ options: { threshold: { type: 'string' }, top: { type: 'string' } } });
const threshold = values.threshold === undefined ? PAGE_THRESHOLD : Number(values.threshold);
const top = values.top === undefined ? 0 : Number(values.top);

const entries = readContent();
const pages = entries
  .map((entry) => ({ id: entry.file, text: fillFacts(mainText(entry)) }))
  .filter((page) => page.text !== '');
const results = pageRepetition(pages);
const failing = results.filter((page) => page.share > threshold);
const percent = (share: number): string => `${(share * 100).toFixed(0)} %`;
const clip = (text: string): string => (text.length > 140 ? `${text.slice(0, 140)}…` : text);

if (top > 0) {
  console.log(`The ${top} most repetitive of ${results.length} pages (share of words in paragraphs found on other pages):`);
  for (const page of results.slice(0, top)) console.log(`  ${percent(page.share).padStart(5)}  ${page.id}`);
  console.log('');
}
for (const page of failing) {
  console.log(`${page.id}: ${percent(page.share)} of ${page.words} words repeat other pages`);
  for (const paragraph of page.repeated) console.log(`  - ${percent(paragraph.overlap)} also on ${paragraph.alsoOn}: «${clip(paragraph.paragraph)}»`);
}
console.log(`${results.length} pages checked, ${failing.length} above ${percent(threshold)} repetition.`);
const day = lawDay();
const legal = [...legalFactProblems(day), ...contentLegalProblems(entries, day)];
for (const problem of legal) console.log(`  - ${problem}`);
console.log(`Legal audit on ${day}: ${legal.length} problems.`);
process.exitCode = failing.length > 0 || legal.length > 0 ? 1 : 0;
