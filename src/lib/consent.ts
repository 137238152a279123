import { OPERATOR, type Operator } from './operator.ts';

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

/** The parts of the consent, in the order they are shown. */
export interface ConsentText {
  readonly lead: string;
  readonly operator: string;
  readonly purposes: string;
  readonly data: string;
  readonly term: string;
  readonly withdrawal: string;
  readonly version: string;
}

/** The consent for the search form, for this operator. */
export function searchConsent(operator: Operator = OPERATOR): ConsentText {
  return {
    lead: 'Нажимая «Найти штрафы», вы даёте согласие на обработку персональных данных (ст. 9 Федерального закона № 152-ФЗ «О персональных данных»).',
    operator: `Оператор: ${operator.name}, ИНН ${operator.inn}, ${operator.address}.`,
    purposes: 'Цели: поиск начислений о штрафах в ГИС ГМП, показ результатов и, если вы решите оплатить, оплата штрафов.',
    data: 'Данные: госномер, номер СТС, номер водительского удостоверения, VIN, номер постановления — те, что вы ввели.',
    term: `Срок: ${operator.consentTerm}.`,
    withdrawal: `Отозвать согласие можно письмом на ${operator.email}; после отзыва данные удаляются в течение 30 дней.`,
    version: `Редакция согласия ${SEARCH_CONSENT_VERSION}.`,
  };
}
