import { koapCitation } from '../koapCitation.ts';
import { LEGAL_FACT_RECORDS, type LegalFact } from './facts.ts';
import { formatFact } from './placeholders.ts';

// The changes of law for drivers that legalFacts records, as /law-changes/ lists them: built from the
// same records the rest of the site reads, so the page can never disagree with it.

/** One change, ready to print. */
export interface LawChangeRow {
  readonly id: string;
  readonly title: string;
  /** 'ч. 3 ст. 12.23 КоАП РФ', or '' for a figure that is not a fine. */
  readonly article: string;
  readonly before: string;
  readonly after: string;
  /** 'YYYY-MM-DD' the change took effect (or takes effect). */
  readonly from: string;
  readonly act: string;
  /** The figure's full source. */
  readonly source: string;
}

const print = (fact: LegalFact, value: number | string): string => formatFact({ ...fact, value });

/** Every recorded change, by the day it took effect, then by article. */
export function lawChanges(records: Readonly<Record<string, LegalFact>> = LEGAL_FACT_RECORDS): LawChangeRow[] {
  const rows = Object.entries(records).flatMap(([id, fact]) => {
    const changes = fact.changes ?? [];
    return changes.map((change, index): LawChangeRow => ({
      id,
      title: fact.title ?? id,
      article: fact.article === undefined ? '' : `${koapCitation(fact.article)} КоАП РФ`,
      before: print(fact, change.before),
      after: print(fact, changes[index + 1]?.before ?? fact.value),
      from: change.from,
      act: change.act,
      source: fact.source,
    }));
  });
  const order = (code: string) => code.split(/\D+/).filter(Boolean).map((n) => n.padStart(3, '0')).join('.');
  return rows.sort((a, b) => a.from.localeCompare(b.from) || order(a.id).localeCompare(order(b.id)) || a.id.localeCompare(b.id));
}

/** The changes that took effect in a calendar year. */
export function lawChangesOfYear(year: number, rows: readonly LawChangeRow[] = lawChanges()): LawChangeRow[] {
  return rows.filter((row) => row.from.startsWith(`${year}-`));
}
