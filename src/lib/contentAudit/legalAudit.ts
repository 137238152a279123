import { LEGAL_FACT_RECORDS } from '../legalFacts/facts.ts';
import { yearBefore } from '../legalFacts/lawDay.ts';
import { fillFacts } from '../legalFacts/placeholders.ts';
import type { ContentText } from './contentFiles.ts';
import {
  amountMismatches,
  dateMismatches,
  discountMismatches,
  enforcementFeeMismatches,
  europrotocolMismatches,
  factProblems,
  kbmMismatches,
  rsaPolicyChecks,
} from './legalClaims.ts';

// The legal audit of the content and of src/lib/legalFacts, as one list of problems: run by the
// content test (tests/unit/content/legalFacts.test.ts) and printed by `npm run content:check`.

/** Every text of every entry that states an amount, limit, date or check the module does not hold, as 'file: problem — «sentence»'. */
export function contentLegalProblems(entries: readonly ContentText[], day: string): string[] {
  return entries.flatMap((entry) =>
    Object.values(entry.fields).flatMap((text) => {
      const filled = fillFacts(text);
      // A news item tells the law of its own day; every other page the law of the build's day.
      const textDay = entry.collection === 'news' ? (entry.fields['date'] ?? day) : day;
      return [
        ...amountMismatches(filled, textDay),
        ...dateMismatches(filled),
        ...rsaPolicyChecks(filled),
        ...europrotocolMismatches(filled),
        ...kbmMismatches(filled),
        ...discountMismatches(filled),
        ...enforcementFeeMismatches(filled),
      ].map((claim) => `${entry.file}: ${claim.problem} — «${claim.sentence}»`);
    }),
  );
}

/** The module's own problems on a day: facts without a dated source or check date, or checked over a year ago. */
export function legalFactProblems(day: string): string[] {
  return factProblems(LEGAL_FACT_RECORDS, day, yearBefore(day));
}
