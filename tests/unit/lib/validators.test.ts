import { format, addDays } from 'date-fns';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validate, validators, type Validator } from '../../../src/lib/validators.ts';

/** One row: value, expected message (undefined = valid). */
type Row = readonly [value: unknown, message: string | undefined];

/** Runs a validator over rows written as [value, message]. */
function table(name: keyof typeof validators, rows: readonly Row[]): void {
  const check = validators[name] as Validator;
  describe(name, () => {
    it.each(rows)('%j → %j', (value, message) => {
      expect(check(value)).toBe(message);
    });
  });
}

table('required', [
  ['text', undefined],
  ['  x  ', undefined],
  [0, undefined],
  [['a'], undefined],
  ['', 'Поле обязательно для заполнения'],
  ['   ', 'Поле обязательно для заполнения'],
  ['\n\t', 'Поле обязательно для заполнения'],
  [null, 'Поле обязательно для заполнения'],
  [undefined, 'Поле обязательно для заполнения'],
  [[], 'Поле обязательно для заполнения'],
  [Number.NaN, 'Поле обязательно для заполнения'],
]);

describe('minLength', () => {
  it.each([
    [3, 'abc', undefined],
    [3, 'abcd', undefined],
    [3, 'ab', 'Поле должно содержать не менее 3 символов'],
    [3, '  ab  ', 'Поле должно содержать не менее 3 символов'],
    [6, 'пароль', undefined],
    [6, 'парол', 'Поле должно содержать не менее 6 символов'],
    [21, 'коротко', 'Поле должно содержать не менее 21 символа'],
    [2, null, 'Поле должно содержать не менее 2 символов'],
    [1, '', 'Поле должно содержать не менее 1 символа'],
  ])('minLength(%i)(%j) → %j', (n, value, message) => {
    expect(validators.minLength(n)(value)).toBe(message);
  });
});

const badEmail = 'Некорректный e-mail';
table('email', [
  ['user@example.com', undefined],
  ['ivan.petrov+fines@yandex.ru', undefined],
  [' user@mail.ru ', undefined],
  ['почта@мвд.рф'.replace('почта', 'info'), undefined],
  ['a@b.co', undefined],
  ['user@example', badEmail],
  ['user@@example.com', badEmail],
  ['user example@mail.ru', badEmail],
  ['@mail.ru', badEmail],
  ['user@.ru', badEmail],
  ['user@-mail.ru', badEmail],
  ['', badEmail],
  [`${'a'.repeat(250)}@mail.ru`, badEmail],
  [42, badEmail],
]);

const badSts = 'Некорректный номер СТС';
// Issue 28: the СТС is 10 characters — 2 digits, 2 digits or 2 Cyrillic letters, 6 digits — and a
// 9-character number (the old reading of spec §5's «1–2 letters or digits») is refused everywhere.
table('sts', [
  ['77УК123456', undefined],
  ['77 ук 123456', undefined],
  ['77 YK 123456', undefined], // Latin look-alikes Y, K read as У, К
  ['99 99 123456', undefined],
  ['7712345678', undefined],
  ['77-АА-123456', undefined],
  ['  9941123456  ', undefined],
  [9941123456, undefined],
  ['994112345', badSts], // the 9-digit number of issue 28
  ['77У123456', badSts], // a one-letter series
  ['771123456', badSts], // a one-digit series
  ['77 UK 123456', badSts], // U is not a Cyrillic look-alike
  ['77У1123456', badSts], // a letter and a digit mixed in the series
  ['771У123456', badSts],
  ['77УК12345', badSts],
  ['77УК1234567', badSts],
  ['7УК123456', badSts],
  ['77УКХ123456', badSts],
  ['УК77123456', badSts],
  ['77УК12345Ж', badSts],
  ['99411234567', badSts],
  ['', badSts],
  [null, badSts],
  ['9'.repeat(2000), badSts],
]);

describe('sts by length', () => {
  it.each([...Array(15).keys()])('a number of %i digits is valid only at 10', (length) => {
    expect(validators.sts('7'.repeat(length))).toBe(length === 10 ? undefined : badSts);
  });
  it('accepts every 10-character number of the form and refuses it one character short', () => {
    const letters = 'АВЕКМНОРСТУХ';
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{2}$/),
        fc.oneof(fc.stringMatching(/^\d{2}$/), fc.tuple(fc.constantFrom(...letters), fc.constantFrom(...letters)).map(([a, b]) => a + b)),
        fc.stringMatching(/^\d{6}$/),
        (region, series, number) => {
          expect(validators.sts(`${region}${series}${number}`)).toBeUndefined();
          expect(validators.sts(`${region}${series.slice(1)}${number}`)).toBe(badSts);
          expect(validators.sts(`${region}${series}${number.slice(1)}`)).toBe(badSts);
        },
      ),
    );
  });
});

table('stsId', [
  ['1234567890', undefined],
  ['123456789012', undefined],
  ['123456789', 'Некорректный идентификатор СТС'],
  ['12345678901', 'Некорректный идентификатор СТС'],
  ['1234567890123', 'Некорректный идентификатор СТС'],
  ['12345678ab', 'Некорректный идентификатор СТС'],
]);

const badPlate = 'Некорректный госномер';
table('plateNumber', [
  ['А123ВС', undefined],
  ['а123вс', undefined],
  ['A123BC', undefined],
  ['a 123 bc', undefined],
  ['Х001ХХ', undefined],
  ['АВ1234', undefined],
  ['1234АВ', undefined],
  ['АВ123', undefined],
  ['А1234', undefined],
  ['А000ВС', badPlate],
  ['Б123ВС', badPlate],
  ['Д123ВС', badPlate],
  ['D123FG', badPlate],
  ['А12ВС', badPlate],
  ['А1234ВС', badPlate],
  ['123456', badPlate],
  ['', badPlate],
]);

const badRegion = 'Некорректный код региона';
table('plateRegion', [
  ['77', undefined],
  ['777', undefined],
  ['01', undefined],
  [199, undefined],
  ['7', badRegion],
  ['7777', badRegion],
  ['00', badRegion],
  ['7a', badRegion],
]);

const badLicence = 'Некорректный номер водительского удостоверения';
table('driverLicense', [
  ['9912345678', undefined],
  ['99 12 345678', undefined],
  ['77 АВ 123456', undefined],
  ['77 ab 123456', undefined],
  ['99 1 345678', badLicence],
  ['99 12 34567', badLicence],
  ['9912 3456789', badLicence],
  ['АВ 12 345678', badLicence],
]);

table('kpp', [
  ['773601001', undefined],
  ['770401001', undefined],
  ['7736AB001', undefined],
  ['7736 ab 001', undefined],
  ['77360100', 'Некорректный КПП'],
  ['7736010011', 'Некорректный КПП'],
  ['77A601001', 'Некорректный КПП'],
]);

const badAccount = 'Некорректный номер счёта';
table('account', [
  ['4010281074537000003', badAccount],
  ['40102810745370000032', undefined],
  ['031006430000000139001', undefined],
  ['031006430000000139001234', undefined],
  ['0310064300000001390012345', undefined],
  ['03100643000000013900123456', badAccount],
  ['40102 810 7453 7000 0032', undefined],
  ['4010281074537000003X', badAccount],
]);

const badVin = 'Некорректный VIN';
table('vin', [
  ['XTA210990Y2765498', undefined],
  ['WVWZZZ1JZXW000001', undefined],
  ['xta210990y2765498', undefined],
  ['ХТА210990У2765498', undefined],
  ['XTA210990Y276549', badVin],
  ['XTA210990Y27654981', badVin],
  ['XTA2109I0Y2765498', badVin],
  ['XTA2109O0Y2765498', badVin],
  ['XTA2109Q0Y2765498', badVin],
]);

const badPhone = 'Некорректный номер телефона';
table('phone', [
  ['+7 (999) 123-45-67', undefined],
  ['89991234567', undefined],
  ['79991234567', undefined],
  ['9991234567', badPhone],
  ['+7 (999) 123-45-678', badPhone],
  ['+7 (999) ABC-45-67', badPhone],
  ['', badPhone],
]);

const badFio = 'Укажите фамилию, имя и отчество';
table('fio', [
  ['Иванов Иван Иванович', undefined],
  ['  иванов   иван  иванович ', undefined],
  ['Салтыков-Щедрин Михаил Евграфович', undefined],
  ['Иванов Иван', badFio],
  ['Иванов', badFio],
  ['Мамедов Рашид Али оглы', badFio],
  ['Ivanov Ivan Ivanovich', badFio],
  ['', badFio],
]);

table('platform', [
  ['web', undefined],
  ['chromeExtension', undefined],
  ['Web', 'Некорректная платформа'],
  ['chrome', 'Некорректная платформа'],
  ['', 'Некорректная платформа'],
  [undefined, 'Некорректная платформа'],
]);

describe('date', () => {
  const badDate = 'Некорректная дата';
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['15.06.1985', undefined],
    ['02.01.1900', undefined],
    ['29.02.2024', undefined],
    ['01.01.1900', badDate],
    ['31.12.1899', badDate],
    ['29.02.2023', badDate],
    ['31.04.2020', badDate],
    ['00.01.2020', badDate],
    ['15.13.2020', badDate],
    ['5.6.1985', badDate],
    ['1985-06-15', badDate],
    ['15.06.85', badDate],
    ['15/06/1985', badDate],
    ['', badDate],
  ])('%j → %j', (value, message) => {
    expect(validators.date(value)).toBe(message);
  });

  it('today (real clock) is valid, tomorrow is not', () => {
    const now = new Date();
    expect(validators.date(format(now, 'dd.MM.yyyy'))).toBeUndefined();
    expect(validators.date(format(addDays(now, 1), 'dd.MM.yyyy'))).toBe(badDate);
  });

  it.each([
    ['late evening', new Date(2026, 2, 5, 23, 59, 59)],
    ['just after midnight', new Date(2026, 2, 5, 0, 0, 1)],
  ])('with the clock fixed (%s of 05.03.2026): today valid, tomorrow not', (_when, now) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    expect(validators.date('05.03.2026')).toBeUndefined();
    expect(validators.date('04.03.2026')).toBeUndefined();
    expect(validators.date('06.03.2026')).toBe(badDate);
  });
});

describe('validate', () => {
  it('returns the first failing message', () => {
    expect(validate('', [validators.required, validators.email])).toBe('Поле обязательно для заполнения');
    expect(validate('x', [validators.required, validators.email])).toBe('Некорректный e-mail');
    expect(validate('a@b.ru', [validators.required, validators.email])).toBeUndefined();
  });
});

describe('no validator throws, and each returns a string or undefined', () => {
  const all: [string, Validator][] = Object.entries(validators).map(([name, v]) =>
    name === 'minLength' ? [name, validators.minLength(5)] : [name, v as Validator],
  );
  const anything = fc.oneof(
    fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.double(),
    fc.constantFrom(null, undefined, Number.NaN, Infinity, -0, Symbol('s'), () => 'x', new Error('e')),
  );
  const hostile = {
    toString() {
      throw new Error('toString');
    },
    valueOf() {
      throw new Error('valueOf');
    },
  };
  const long = ['7'.repeat(1_000_000), `${'a'.repeat(500_000)}@${'b.'.repeat(250_000)}ru`, ' '.repeat(1_000_000), 'А1'.repeat(400_000)];

  it.each(all)('%s', (_name, check) => {
    fc.assert(
      fc.property(anything, (value) => {
        const result = check(value);
        expect(result === undefined || typeof result === 'string').toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(() => check(hostile)).not.toThrow();
    for (const value of long) {
      const started = performance.now();
      expect(() => check(value)).not.toThrow();
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it('very long input is invalid, not accepted', () => {
    expect(validators.account('7'.repeat(1_000_000))).toBe('Некорректный номер счёта');
    expect(validators.required('7'.repeat(1_000_000))).toBeUndefined();
  });
});
