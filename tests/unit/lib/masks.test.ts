import { Mask } from 'maska';
import { describe, expect, it } from 'vitest';
import { maskTokens, masks, phonePreProcess } from '../../../src/lib/masks.ts';
import { validators } from '../../../src/lib/validators.ts';

describe('spec tokens (§5)', () => {
  it.each([
    ['#', '12ab34', '####', '1234'],
    ['X', 'a1Б2!', 'XXXX', 'a1Б2'],
    ['S', '1a2Б3c', 'SSS', 'aБc'],
    ['A', 'abвг', 'AAAA', 'ABВГ'],
    ['a', 'ABВГ', 'aaaa', 'abвг'],
  ])('%s: %j through %j → %j', (_token, typed, mask, expected) => {
    expect(new Mask({ mask, tokens: maskTokens }).masked(typed)).toBe(expected);
  });
});

describe('field masks: typed input → masked value', () => {
  it.each([
    ['plate', 'a123bc', 'А123ВС'],
    ['plate', 'А123ВС', 'А123ВС'],
    ['plate', 'х001хх', 'Х001ХХ'],
    ['plate', 'ab1234', 'АВ1234'],
    ['plate', 'б123вс', '123'],
    ['plate', 'бв123', 'В123'],
    ['plate', 'в12б3вс', 'В123ВС'],
    ['region', '77', '77'],
    ['region', '7777', '777'],
    ['region', '7a7', '77'],
    ['sts', '77ук123456', '77 УК 123456'],
    ['sts', '77uk123456', '77 UК 123456'],
    ['sts', '77 УК 123456', '77 УК 123456'],
    ['driverLicense', '9912345678', '99 12 345678'],
    ['driverLicense', '77ab123456', '77 АВ 123456'],
    ['inn', '7707083893', '7707083893'],
    ['inn', '7707-083-893', '7707083893'],
    ['inn', '5001007322591', '500100732259'],
    ['phone', '9991234567', '+7 (999) 123-45-67'],
    ['phone', '+79991234567', '+7 (999) 123-45-67'],
    ['phone', '+7 999 123 45 67', '+7 (999) 123-45-67'],
    ['date', '05032026', '05.03.2026'],
    ['date', '05.03.2026', '05.03.2026'],
    ['date', '5a', '5'],
    ['uin', '18810177 181128202096', '18810177181128202096'],
    ['uin', '1'.repeat(30), '1'.repeat(25)],
    ['vin', 'xta210990y2765498', 'XTA210990Y2765498'],
    ['vin', 'ХТА210990У2765498', 'XTA210990Y2765498'],
    ['vin', 'XTA2109I0Y2765498', 'XTA21090Y2765498'],
  ] as const)('%s: %j → %j', (field, typed, expected) => {
    expect(new Mask(masks[field]).masked(typed)).toBe(expected);
  });

  it.each([
    ['plate', 'a123bc', 'plateNumber'],
    ['sts', '77ук123456', 'sts'],
    ['driverLicense', '77ab123456', 'driverLicense'],
    ['inn', '7707083893', 'inn'],
    ['phone', '9991234567', 'phone'],
    ['uin', '18810177181128202096', 'uin'],
    ['vin', 'xta210990y2765498', 'vin'],
  ] as const)('a complete %s passes its validator once masked', (field, typed, validator) => {
    expect(validators[validator](new Mask(masks[field]).masked(typed))).toBeUndefined();
  });

  it('every mask has a placeholder', () => {
    for (const field of Object.values(masks)) expect(field.placeholder.length).toBeGreaterThan(0);
  });
});

describe('phonePreProcess drops the trunk prefix people type', () => {
  it.each([
    ['89991234567', '9991234567'],
    ['8 (999) 123-45-67', '9991234567'],
    ['+79991234567', '9991234567'],
    ['8', ''],
    ['7', ''],
    ['9', '9'],
    ['+7 (999) 123-45-67', '+7 (999) 123-45-67'],
    ['+7 (8', '+7 (8'],
  ])('%j → %j', (typed, expected) => {
    expect(phonePreProcess(typed)).toBe(expected);
  });

  it('so that a pasted 8-number is masked right', () => {
    expect(new Mask(masks.phone).masked(phonePreProcess('89991234567'))).toBe('+7 (999) 123-45-67');
  });
});
