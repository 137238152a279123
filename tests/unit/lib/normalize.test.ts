import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as normalize from '../../../src/lib/normalize.ts';

const {
  normalizeDigits,
  normalizeDriverLicense,
  normalizeInn,
  normalizeKpp,
  normalizePhone,
  normalizePlateNumber,
  normalizePlateRegion,
  normalizeSts,
  normalizeUin,
  normalizeVin,
} = normalize;

describe('normalisers: typed input → canonical form', () => {
  it.each([
    ['plate, Latin lower case', normalizePlateNumber, 'a123bc', 'А123ВС'],
    ['plate, Latin with spaces', normalizePlateNumber, 'A 123 BC', 'А123ВС'],
    ['plate, Cyrillic lower case', normalizePlateNumber, 'а123вс', 'А123ВС'],
    ['plate, mixed alphabets', normalizePlateNumber, 'Е001кX', 'Е001КХ'],
    ['plate, all 12 look-alikes', normalizePlateNumber, 'ABEKMHOPCTYX', 'АВЕКМНОРСТУХ'],
    ['plate, non-look-alike Latin stays', normalizePlateNumber, 'd123fg', 'D123FG'],
    ['region with spaces', normalizePlateRegion, ' 77 ', '77'],
    ['СТС with spaces', normalizeSts, '77 ук 123456', '77УК123456'],
    ['СТС with Latin series', normalizeSts, '77 UK 123456', '77UК123456'],
    ['СТС with dashes', normalizeSts, '99-AA-123456', '99АА123456'],
    ['licence', normalizeDriverLicense, '99 ak 123 456', '99АК123456'],
    ['licence, digit series', normalizeDriverLicense, '99 12 345678', '9912345678'],
    ['ИНН with spaces', normalizeInn, '7707 083 893', '7707083893'],
    ['ИНН as a number', normalizeInn, 7707083893, '7707083893'],
    ['ИНН with an NBSP', normalizeInn, '7707\u00A0083893', '7707083893'],
    ['УИН with spaces', normalizeUin, '18810177 181128202096', '18810177181128202096'],
    ['digits with en dash', normalizeDigits, '40102–810–745', '40102810745'],
    ['digits keep letters (to be rejected)', normalizeDigits, '12a4', '12a4'],
    ['VIN lower case', normalizeVin, 'xta21099012345678', 'XTA21099012345678'],
    ['VIN typed in Russian layout', normalizeVin, 'ХТА 21099 012345678', 'XTA21099012345678'],
    ['КПП with Latin letters', normalizeKpp, '7736 ab 001', '7736AB001'],
    ['phone, formatted', normalizePhone, '+7 (999) 123-45-67', '79991234567'],
    ['phone, dots', normalizePhone, '8.999.123.45.67', '89991234567'],
    ['null', normalizeDigits, null, ''],
    ['an object', normalizeSts, { sts: '77УК123456' }, ''],
    ['NaN', normalizeInn, Number.NaN, ''],
  ])('%s: %j → %j', (_what, fn, input, expected) => {
    expect(fn(input)).toBe(expected);
  });
});

describe('normalisers are idempotent', () => {
  const typed = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: fc.constantFrom(...'aAbBeEkKmMhHoOpPcCtTyYxXаАвВеЕкКмМнНоОрРсСтТуУхХёЁ0123456789 -–()+.ßﬀ') }),
    fc.anything(),
  );

  it.each(Object.entries(normalize))('%s', (_name, fn) => {
    fc.assert(
      fc.property(typed, (value) => {
        const once = fn(value);
        expect(typeof once).toBe('string');
        expect(fn(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});
