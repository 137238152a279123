import { BUSINESS_TERMS, businessFigures } from '../businessTerms.ts';
import { groupThousands } from '../money.ts';
import { OPERATOR } from '../operator.ts';
import { LEGAL_FACTS, type LegalFact } from './facts.ts';

// Content writes figures as placeholders the build fills in: {{fact:europrotocol.paper}} → '100 000 ₽',
// {{fine:12.21.4.1}} → '1 500 ₽' (the citizen's fine of ч. 1 ст. 12.21.4), the business's figures
// {{biz:cashback.percent}} → '3 %' (content/settings/business.json) and the operator's requisites
// {{op:name}} (content/settings/operator.json). An unknown id fails the build, so a typo cannot
// publish an empty figure.

/** A placeholder in content text. */
export const PLACEHOLDER = /\{\{(fact|fine|biz|op):([\w.]+)\}\}/g;

/** The operator's requisites a text may name. */
const OPERATOR_FIELDS = ['name', 'inn', 'ogrn', 'address', 'email', 'rknRegisterNumber'] as const;

/** The text of a {{biz:…}} or {{op:…}} placeholder, or undefined for an unknown id. */
function settingText(kind: string, id: string): string | undefined {
  if (kind === 'op') return (OPERATOR_FIELDS as readonly string[]).includes(id) ? OPERATOR[id as (typeof OPERATOR_FIELDS)[number]] : undefined;
  const share = LEGAL_FACTS['discount.share']?.value;
  return businessFigures(BUSINESS_TERMS, typeof share === 'number' ? share : 0)[id];
}

/** The figure as text: roubles with '₽', percent with '%', counts and text as they are. */
export function formatFact(fact: LegalFact): string {
  if (typeof fact.value === 'string') return fact.value;
  if (fact.unit === 'rub') return `${groupThousands(fact.value)}\u00a0₽`;
  if (fact.unit === 'percent') return `${fact.value}\u00a0%`;
  return String(fact.value);
}

/** Replaces every placeholder with its figure or setting; throws on an unknown id. */
export function fillFacts(text: string): string {
  return text.replace(PLACEHOLDER, (_, kind: string, id: string) => {
    if (kind === 'biz' || kind === 'op') {
      const value = settingText(kind, id);
      if (value === undefined) throw new Error(`Unknown setting in content: {{${kind}:${id}}}`);
      return value;
    }
    const key = kind === 'fine' ? `fine.${id}` : id;
    const fact = LEGAL_FACTS[key];
    if (fact === undefined) throw new Error(`Unknown legal figure in content: {{${kind}:${id}}}`);
    return formatFact(fact);
  });
}
