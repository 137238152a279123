import { OPERATOR, type Operator } from './operator.ts';
import { withNbsp } from './text.ts';

/** What a consent is given for: the processing of personal data (152-ФЗ art. 9), asked on registration. */
export const CONSENT_PURPOSE = 'personalData';

/**
 * The version of the consent text and policy the user agrees to (/politics_personal_data/). Raise it
 * whenever that text changes: each recorded consent keeps the version its owner saw.
 */
export const CONSENT_VERSION = '2026-03-01';

// The consent to personal-data processing shown under the fines search form (152-ФЗ ст. 9): who the
// operator is, the purposes, the data, the term, how to withdraw, and a link to the policy. The version
// changes whenever the wording changes, so the version a user agreed to can be stored with the consent.

/** What the search form's consent is recorded as (with SEARCH_CONSENT_VERSION, when a search creates the visitor). */
export const SEARCH_CONSENT_PURPOSE = 'personalData.search';

/** Version of the search form's consent wording; bump it on every change of the text below. */
export const SEARCH_CONSENT_VERSION = 'search-2026-11-24';

/** Where the personal-data policy lives. */
export const POLICY_PATH = '/licenses/personal-data-policy/';

/** The page with the search form's consent in full (the form itself shows one line linking here, issue 24 item 21). */
export const SEARCH_CONSENT_PATH = '/licenses/search-consent/';

/** The one line under the search button; the link to the full text goes on its last words. */
export const SEARCH_CONSENT_LINE = { lead: 'Нажимая «Найти штрафы», вы соглашаетесь', link: 'на обработку персональных данных' } as const;

/**
 * The edition of a consent as people read it: 'search-2026-11-24' → 'Редакция от 24 ноября 2026 г.'
 * (the version string itself is for the records, never shown; issue 24 item 20). '' without a date.
 */
export function consentEdition(version: string): string {
  const date = /(\d{4})-(\d{2})-(\d{2})$/.exec(version);
  if (date === null) return '';
  const [, year, month, day] = date.map(Number);
  const when = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day));
  if (Number.isNaN(when.getTime()) || when.getUTCDate() !== day) return '';
  return withNbsp(`Редакция от ${new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(when)}`);
}

/** The parts of the consent, in the order they are shown. */
export interface ConsentText {
  readonly lead: string;
  readonly operator: string;
  readonly purposes: string;
  readonly data: string;
  readonly term: string;
  readonly withdrawal: string;
  /** 'Редакция от 24 ноября 2026 г.' */
  readonly edition: string;
}

/** The consent for the search form in full, for this operator (shown at SEARCH_CONSENT_PATH). */
export function searchConsent(operator: Operator = OPERATOR): ConsentText {
  const text: ConsentText = {
    lead: 'Нажимая «Найти штрафы», вы даёте согласие на обработку персональных данных (ст. 9 Федерального закона № 152-ФЗ «О персональных данных»).',
    operator: `Оператор: ${operator.name}, ИНН ${operator.inn}, ${operator.address}.`,
    purposes: 'Цели: поиск начислений о штрафах в ГИС ГМП, показ результатов и, если вы решите оплатить, оплата штрафов.',
    data: 'Данные: госномер, номер СТС, номер водительского удостоверения, VIN, номер постановления — те, что вы ввели.',
    term: `Срок: ${operator.consentTerm}.`,
    withdrawal: `Отозвать согласие можно письмом на ${operator.email}; после отзыва данные удаляются в течение 30 дней.`,
    edition: consentEdition(SEARCH_CONSENT_VERSION),
  };
  return Object.fromEntries(Object.entries(text).map(([part, value]) => [part, withNbsp(value)])) as Record<keyof ConsentText, string>;
}
