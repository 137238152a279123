import operatorJson from '../../content/settings/operator.json' with { type: 'json' };

// Who runs the service, from content/settings/operator.json (filled in by the business): shown on the
// contacts, offer and policy pages, the footer and the consent text. The file in the repository holds
// clearly marked test values ("test": true); a deploy build (PRODUCTION_BUILD=1) refuses them.

/** The operator's requisites. */
export interface Operator {
  readonly test: boolean;
  readonly name: string;
  readonly inn: string;
  /** КПП of an organization (empty for a sole trader). */
  readonly kpp: string;
  readonly ogrn: string;
  readonly address: string;
  /** The settlement account invoices name (issue 12: /invoice/{hash}/). */
  readonly bank: { readonly name: string; readonly bik: string; readonly account: string; readonly correspondentAccount: string };
  /** What invoices say about VAT, e.g. 'Без НДС' or 'В том числе НДС 20 %'. */
  readonly vat: string;
  readonly email: string;
  /** Number in the Роскомнадзор register of personal-data operators. */
  readonly rknRegisterNumber: string;
  /** How long personal data is kept under the consent, in plain Russian. */
  readonly consentTerm: string;
}

const FIELDS = ['name', 'inn', 'ogrn', 'address', 'email', 'rknRegisterNumber', 'consentTerm'] as const;

/** What is wrong with the requisites for a production build: unset fields, bad ИНН/ОГРН length, test values. */
export function operatorProblems(value: Partial<Operator>): string[] {
  const problems: string[] = FIELDS.filter((field) => typeof value[field] !== 'string' || value[field].trim() === '').map((field) => `поле ${field} не заполнено`);
  if (typeof value.inn === 'string' && !/^(\d{10}|\d{12})$/.test(value.inn)) problems.push('ИНН — 10 или 12 цифр');
  if (typeof value.ogrn === 'string' && !/^(\d{13}|\d{15})$/.test(value.ogrn)) problems.push('ОГРН — 13 или 15 цифр');
  const bank = value.bank;
  if (bank === undefined || !/^\d{9}$/.test(bank.bik) || !/^\d{20}$/.test(bank.account) || !/^\d{20}$/.test(bank.correspondentAccount) || bank.name.trim() === '') {
    problems.push('банковские реквизиты (bank: name, bik из 9 цифр, account и correspondentAccount из 20) не заполнены');
  }
  if (typeof value.vat !== 'string' || value.vat.trim() === '') problems.push('поле vat не заполнено');
  if (value.test !== false) problems.push('в файле тестовые значения ("test": true)');
  return problems;
}

/** The operator from the settings file. */
export const OPERATOR: Operator = operatorJson as Operator;

/**
 * Whether this build must refuse test settings: a deploy build (PRODUCTION_BUILD=1, which Netlify's
 * command and the Dockerfile set) without ALLOW_TEST_SETTINGS=1. Not NODE_ENV: `astro build` sets it
 * to production for every build, `npm start` on a fresh clone included.
 */
export function buildRefusesTestSettings(env: Record<string, string | undefined>): boolean {
  return env['PRODUCTION_BUILD'] === '1' && env['ALLOW_TEST_SETTINGS'] !== '1';
}

/**
 * Throws when a deploy build (PRODUCTION_BUILD=1: Netlify's and the Dockerfile's) would publish unset or
 * test requisites; ALLOW_TEST_SETTINGS=1 lets a production-mode build for tests through. A local build
 * (`npm start` on a fresh clone) keeps the test values and shows them as such.
 */
export function assertOperatorForBuild(env: Record<string, string | undefined>, operator: Partial<Operator> = OPERATOR): void {
  if (!buildRefusesTestSettings(env)) return;
  const problems = operatorProblems(operator);
  if (problems.length > 0) {
    throw new Error(`content/settings/operator.json не готов к публикации: ${problems.join('; ')}. Для тестовой сборки задайте ALLOW_TEST_SETTINGS=1.`);
  }
}
