import { describe, expect, it } from 'vitest';
import { SEARCH_CONSENT_VERSION, POLICY_PATH, consentEdition, searchConsent } from '../../../src/lib/consent.ts';
import { assertOperatorForBuild, OPERATOR, operatorProblems, type Operator } from '../../../src/lib/operator.ts';

const filled: Operator = {
  test: false,
  name: 'ООО «Пример»',
  inn: '7707083893',
  kpp: '770701001',
  ogrn: '1027700132195',
  address: '101000, г. Москва, ул. Мясницкая, д. 1',
  bank: { name: 'ПАО «Банк», г. Москва', bik: '044525225', account: '40702810938000000001', correspondentAccount: '30101810400000000225' },
  vat: 'Без НДС',
  email: 'privacy@example.ru',
  rknRegisterNumber: '77-20-123456',
  consentTerm: 'до отзыва согласия',
};

describe('operator requisites (issue 15 item 14)', () => {
  it('accepts complete production values', () => {
    expect(operatorProblems(filled)).toEqual([]);
    expect(() => assertOperatorForBuild({ PRODUCTION_BUILD: '1' }, filled)).not.toThrow();
  });

  it('refuses the repository test values in a production build', () => {
    expect(OPERATOR.test).toBe(true);
    expect(() => assertOperatorForBuild({ PRODUCTION_BUILD: '1' }, OPERATOR)).toThrow(/тестовые значения/);
  });

  it('lets a local (non-production) build keep the test values', () => {
    expect(() => assertOperatorForBuild({}, OPERATOR)).not.toThrow();
    // astro build sets NODE_ENV=production for every build: that alone must not refuse them.
    expect(() => assertOperatorForBuild({ NODE_ENV: 'production' }, OPERATOR)).not.toThrow();
  });

  it('allows test values only when ALLOW_TEST_SETTINGS=1', () => {
    expect(() => assertOperatorForBuild({ PRODUCTION_BUILD: '1', ALLOW_TEST_SETTINGS: '1' }, OPERATOR)).not.toThrow();
    expect(() => assertOperatorForBuild({ PRODUCTION_BUILD: '1', ALLOW_TEST_SETTINGS: 'yes' }, OPERATOR)).toThrow();
  });

  it('names each unset or malformed field', () => {
    expect(operatorProblems({ ...filled, rknRegisterNumber: ' ' })).toEqual(['поле rknRegisterNumber не заполнено']);
    expect(operatorProblems({ ...filled, inn: '123' })).toEqual(['ИНН — 10 или 12 цифр']);
    expect(operatorProblems({ ...filled, ogrn: '1' })).toEqual(['ОГРН — 13 или 15 цифр']);
    expect(operatorProblems({ ...filled, bank: { ...filled.bank, account: '123' } })).toEqual(['банковские реквизиты (bank: name, bik из 9 цифр, account и correspondentAccount из 20) не заполнены']);
    expect(operatorProblems({ ...filled, vat: '' })).toEqual(['поле vat не заполнено']);
  });
});

describe('search consent (issue 15 item 17)', () => {
  it('names the operator, purposes, data, term, withdrawal and its version', () => {
    const text = searchConsent(filled);
    expect(text.operator).toContain('ООО «Пример»');
    expect(text.operator).toContain('7707083893');
    expect(text.purposes).toMatch(/^Цели:/);
    expect(text.data).toContain('СТС');
    expect(text.term).toBe('Срок: до отзыва согласия.');
    expect(text.withdrawal).toContain('privacy@example.ru');
    expect(text.lead).toContain('152-ФЗ');
    // The version string is for the records; people read the edition's date (issue 24 item 20).
    expect(JSON.stringify(text)).not.toContain(SEARCH_CONSENT_VERSION);
    expect(text.edition).toBe(consentEdition(SEARCH_CONSENT_VERSION));
    expect(POLICY_PATH).toBe('/licenses/personal-data-policy/');
  });

  it.each([
    ['search-2026-11-24', 'Редакция от 24 ноября 2026 г.'],
    ['2026-03-01', 'Редакция от 1 марта 2026 г.'],
    ['search-2026-02-30', ''],
    ['search-v2', ''],
  ])('the edition of %s reads %j', (version, expected) => expect(consentEdition(version).replace(/\u00a0/g, ' ')).toBe(expected));

  it('the edition keeps «г.» with its year (a non-breaking space)', () => expect(consentEdition('search-2026-11-24')).toBe('Редакция от 24 ноября 2026\u00a0г.'));
});
