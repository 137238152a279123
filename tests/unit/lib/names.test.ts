import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayName, normalizeName, splitFio } from '../../../src/lib/names.ts';

describe('normalizeName', () => {
  it.each([
    ['иВАНОВ  иван-', 'Иванов Иван'],
    ['  петров   пётр   петрович ', 'Петров Пётр Петрович'],
    ['ЁЛКИН', 'Ёлкин'],
    ['салтыков-щедрин', 'Салтыков-Щедрин'],
    ['Иванов1 Иван2', 'Иванов Иван'],
    ['Ivanov Иван', 'Иван'],
    ['иван\tиванович\nиванов', 'Иван Иванович Иванов'],
    ['и\u0306ван', 'Йван'],
    ['- -- ---', ''],
    ['', ''],
    [null, ''],
    [42, ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'абвгдеёжзийАБВЁЙ -–\t1aZ') })), (s) => {
        expect(normalizeName(normalizeName(s))).toBe(normalizeName(s));
      }),
    );
  });

  it('keeps only capitalised Cyrillic words', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const name = normalizeName(s);
        if (name !== '') expect(name).toMatch(/^[А-ЯЁ][а-яё]*(-[А-ЯЁ][а-яё]*)*( [А-ЯЁ][а-яё]*(-[А-ЯЁ][а-яё]*)*)*$/);
      }),
    );
  });
});

describe('splitFio', () => {
  it.each([
    ['иванов иван иванович', { surname: 'Иванов', name: 'Иван', patronymic: 'Иванович' }],
    ['Римский-Корсаков Николай Андреевич', { surname: 'Римский-Корсаков', name: 'Николай', patronymic: 'Андреевич' }],
    ['Иванов Иван', undefined],
    ['Иванов Иван Иванович Младший', undefined],
    ['', undefined],
  ])('%j', (fio, expected) => {
    expect(splitFio(fio)).toEqual(expected);
  });
});

describe('displayName: first document with a full name, vehicles first, then licences', () => {
  const vehicleOwner = { ownerName: 'сидоров сидор сидорович' };
  const vehicleNoName = { sts: '77УК123456' };
  const licence = { surname: 'ПЕТРОВ', name: 'петр', patronymic: 'Петрович' };
  const licenceByDriverName = { driverName: 'Кузнецов Кузьма Кузьмич' };
  const licencePartial = { surname: 'Смирнов', name: 'Семён', patronymic: '' };

  it.each([
    ['vehicle before licence', { transport: [vehicleOwner], driverLicenses: [licence] }, 'Сидоров Сидор Сидорович'],
    ['skips vehicles without a name', { transport: [vehicleNoName], driverLicenses: [licence] }, 'Петров Петр Петрович'],
    ['skips a partial name', { transport: [], driverLicenses: [licencePartial, licenceByDriverName] }, 'Кузнецов Кузьма Кузьмич'],
    ['three parts win over driverName', { driverLicenses: [{ ...licence, driverName: 'Другой Человек Какой-То' }] }, 'Петров Петр Петрович'],
    ['partial parts fall back to driverName', { driverLicenses: [{ ...licencePartial, driverName: 'Смирнов Семён Семёнович' }] }, 'Смирнов Семён Семёнович'],
    ['no documents', {}, undefined],
    ['no full name anywhere', { transport: [vehicleNoName], driverLicenses: [licencePartial] }, undefined],
    ['null fields', { driverLicenses: [{ surname: null, name: null, patronymic: null, driverName: null }] }, undefined],
  ])('%s', (_what, documents, expected) => {
    expect(displayName(documents)).toBe(expected);
  });
});
