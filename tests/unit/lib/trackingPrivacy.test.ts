import { describe, expect, it } from 'vitest';
import { isSafeKey, looksPersonal, safeParams, safePath, stripPersonalData } from '../../../src/lib/trackingPrivacy.ts';

describe('personal data in analytics (issue 14)', () => {
  it.each([
    ['99 41 123456', true], // СТС
    ['9941123456', true],
    ['99АВ123456', true],
    ['А123ВС77', true], // plate
    ['a123bc 77', true],
    ['XTA210990Y2765432', true], // VIN
    ['771234567859', true], // ИНН
    ['18810178250601008767', true], // УИН
    ['+7 (912) 345-67-89', true],
    ['driver@example.ru', true],
    ['Иванов Иван Иванович', true],
    ['sts', false],
    ['fines', false],
    ['2', false],
    ['Главная', false],
  ])('%s → %s', (text, personal) => {
    expect(looksPersonal(text)).toBe(personal);
  });

  it('drops personal keys whatever they hold, and nested values that look personal', () => {
    expect(stripPersonalData({ tab: 'sts', email: 'x', driverLicense: '1', count: 3, nested: { plateNumber: 'a', note: 'a@b.ru', ok: true }, list: ['fine', '9941123456'] })).toEqual({
      tab: 'sts',
      count: 3,
      nested: { ok: true },
      list: ['fine'],
    });
  });

  it('reads params from JSON text, and makes {} of broken text', () => {
    expect(safeParams('{"a":1,"sts":"1"}')).toEqual({ a: 1 });
    expect(safeParams('{')).toEqual({});
    expect(safeParams(undefined)).toEqual({});
    expect(safeParams('"x"')).toEqual({ value: 'x' });
  });

  it.each([
    ['/fines/?sts=9941123456#x', '/fines/'],
    ['https://yandex.ru/search/?text=А123ВС77', 'https://yandex.ru/search/'],
    ['/fines/info/18810178250601008767/', '/fines/info/{id}/'],
    ['/news/kak-oplatit/', '/news/kak-oplatit/'],
  ])('path %s → %s', (path, safe) => {
    expect(safePath(path)).toBe(safe);
  });
});

describe('normalised before matching (issue 23)', () => {
  it.each([
    ['А１２３ВС７７', true], // full-width digits
    ['А 123 ВС 77', true],
    ['а-123-вс-77', true],
    ['9\u200b9\u200b4\u200b1\u200b1\u200b2\u200b3\u200b4\u200b5\u200b6', true], // zero-width spaces
    ['1881 0178 2506 0100 8767', true],
    ['18810-17825-06010-08767', true],
    ['+7 916 123 45 67', true],
    ['ivan@почта.рф', true],
    ['ivan @ mail . ru', true],
    ['ИВАНОВ ИВАН ИВАНОВИЧ', true],
    ['Иванов_Иван_Иванович', true],
    ['ИвановИванИванович', true],
    ['Иванов И. И.', true],
    ['AbCdEfGh1jKlMnOpQrSt_v', true], // a share hash
    ['prepaymentsuccess', false],
    ['paymentchromeExtension', false],
    ['good_to_knowtagsosago', false],
    ['pay-gibdd-fines-card', false],
    ['2026-03-16', false],
    ['Оплата штрафа', false],
  ])('%s → %s', (text, personal) => {
    expect(looksPersonal(text)).toBe(personal);
  });

  it.each([
    ['tab', true],
    ['found', true],
    ['seconds', true],
    ['+7 (916) 123-45-67', false],
    ['А123ВС77', false],
    ['ivan@mail.ru', false],
    ['Иванов', false],
    ['sts', false],
    ['userEmail', false],
    ['x'.repeat(41), false],
  ])('key %s kept: %s', (key, kept) => {
    expect(isSafeKey(key)).toBe(kept);
  });
});
