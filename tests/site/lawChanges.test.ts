import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGAL_FACTS } from '../../src/lib/legalFacts/facts.ts';
import { lawChanges } from '../../src/lib/legalFacts/lawChanges.ts';
import { lawDay } from '../../src/lib/legalFacts/lawDay.ts';
import { formatFact } from '../../src/lib/legalFacts/placeholders.ts';
import { DIST } from './builtSite.ts';
import { visibleText } from './visibleText.ts';

// Issue 28 item 4: /law-changes/ lists every change legalFacts records, with the article, the old and
// new values, the day and the act; it is in the sitemap and linked from the news and every footer.

const html = (path: string) => readFileSync(join(DIST, path, 'index.html'), 'utf8');
const page = html('/law-changes/');
const plain = (value: string) => value.replace(/[\s\u00a0]+/g, ' ');
/** The text of the table row of one fact whose change took effect in the year of `from` (a fact changes at most once a year). */
function rowText(id: string, from: string): string {
  const rows = [...page.matchAll(/<tr data-fact="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)].filter((m) => m[1] === id).map((m) => plain(visibleText(m[2] ?? '')));
  return rows.find((text) => text.includes(` ${from.slice(0, 4)}`)) ?? '';
}

describe('/law-changes/', () => {
  const changes = lawChanges();

  it('lists the changes of 2025 and of 2026, among them the discount and the child-seat fine', () => {
    expect(changes.filter((row) => row.from.startsWith('2025-')).length).toBeGreaterThan(10);
    expect(changes.filter((row) => row.from.startsWith('2026-')).length).toBeGreaterThan(0);
    expect(changes.map((row) => row.id)).toEqual(expect.arrayContaining(['discount.share', 'fine.12.23.3', 'fine.12.6']));
  });

  it.each(lawChanges().filter((row) => row.from <= '2026-12-31').map((row) => [row.id, row.from, row] as const))('shows %s (%s) with its article, old and new value and act', (id, from, row) => {
    const text = rowText(id, from);
    expect(text).not.toBe('');
    for (const part of [row.title, row.before, row.after, row.act, ...(row.article === '' ? [] : [row.article])]) expect(text).toContain(plain(part));
  });

  it('agrees with the figures every other page shows: the new value of a change in force is the value in force', () => {
    const today = lawDay();
    for (const row of changes.filter((change) => change.from <= today)) {
      const fact = LEGAL_FACTS[row.id];
      if (fact === undefined) throw new Error(row.id);
      // Only the latest change of a figure ends at the value in force.
      if ((fact.changes ?? []).at(-1)?.from === row.from) expect(row.after, row.id).toBe(formatFact(fact));
    }
  });

  it('names НСИС as the operator of the ОСАГО system', () => {
    expect(visibleText(page)).toContain('Национальная страховая информационная система (НСИС)');
  });

  it('is in the XML sitemap and linked from the news and from the home page\'s footer', () => {
    expect(readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8')).toMatch(/<loc>[^<]*\/law-changes\/<\/loc>/);
    expect(html('/news/')).toContain('href="/law-changes/"');
    const home = html('/');
    const footer = home.slice(home.indexOf('<footer'));
    expect(footer).toContain('href="/law-changes/"');
  });
});
