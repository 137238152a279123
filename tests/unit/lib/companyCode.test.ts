import { describe, expect, it } from 'vitest';
import { COMPANY_CODE_LENGTH_MESSAGE, companyCodeKind } from '../../../src/lib/companyCode.ts';

describe('companyCodeKind (spec §5 lookup rule)', () => {
  it('uses the spec message for a wrong length', () => {
    expect(COMPANY_CODE_LENGTH_MESSAGE).toBe('Не удалось найти компанию: ИНН должен состоять из 10 цифр');
  });

  it.each([
    ['Сбербанк, text', '7707083893', { kind: 'organization', inn: '7707083893' }],
    ['Яндекс, a number', 7736207543, { kind: 'organization', inn: '7736207543' }],
    ['with spaces', ' 7708 503 727 ', { kind: 'organization', inn: '7708503727' }],
    ['a personal ИНН', '500100732259', { kind: 'individual', inn: '500100732259' }],
    ['a personal ИНН as a number', 500100732259, { kind: 'individual', inn: '500100732259' }],
    ['9 digits', '770708389', { error: COMPANY_CODE_LENGTH_MESSAGE }],
    ['11 digits', '77070838931', { error: COMPANY_CODE_LENGTH_MESSAGE }],
    ['13 digits', 7707083893123, { error: COMPANY_CODE_LENGTH_MESSAGE }],
    ['empty', '', { error: COMPANY_CODE_LENGTH_MESSAGE }],
    ['null', null, { error: COMPANY_CODE_LENGTH_MESSAGE }],
    ['an object', { inn: '7707083893' }, { error: COMPANY_CODE_LENGTH_MESSAGE }],
    ['wrong check digit', '7707083894', { error: 'Некорректный ИНН' }],
    ['wrong personal check digits', '500100732258', { error: 'Некорректный ИНН' }],
    ['10 characters with a letter', '770708389A', { error: 'Некорректный ИНН' }],
  ])('%s: %j', (_what, value, expected) => {
    expect(companyCodeKind(value)).toEqual(expected);
  });
});
