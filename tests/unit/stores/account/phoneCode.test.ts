import { describe, expect, it } from 'vitest';
import { codeProblem, phoneCodeForm, phoneProblem, resendSeconds } from '../../../../src/stores/auth/phoneCode.ts';
import { formatPhone, maskPhone, russianMobile } from '../../../../src/lib/mobilePhone.ts';

describe('a Russian mobile number', () => {
  it.each([
    ['+7 (916) 123-45-67', '79161234567'],
    ['8 916 123 45 67', '79161234567'],
    ['9161234567', '79161234567'],
    ['+7 495 123-45-67', undefined], // a Moscow landline
    ['+380 50 123 4567', undefined],
    ['+7 916 123-45', undefined],
  ])('%s → %s', (typed, stored) => {
    expect(russianMobile(typed)).toBe(stored);
  });

  it('is shown whole to its owner and masked elsewhere', () => {
    expect(formatPhone('79161234567')).toBe('+7 916 123-45-67');
    expect(maskPhone('79161234567')).toBe('+7 916 ***-**-67');
  });

  it.each([
    ['', 'Укажите номер телефона'],
    ['+7 (', 'Укажите номер телефона'],
    ['+7 (495) 123-45-67', 'Укажите российский мобильный номер: +7 и 10 цифр, начиная с 9'],
    ['+7 (916) 123-45-67', undefined],
  ])('the form says %j → %s', (typed, message) => {
    expect(phoneProblem(typed)).toBe(message);
  });

  it.each([
    ['123456', undefined],
    ['123 456', undefined],
    ['12345', 'Введите 6 цифр из SMS'],
    ['12345a', 'Введите 6 цифр из SMS'],
  ])('code %j → %s', (code, message) => {
    expect(codeProblem(code)).toBe(message);
  });
});

describe('the phone code form', () => {
  it('counts down from what the server said and never shows more', () => {
    const step = { kind: 'code' as const, phone: '79161234567', sentTo: '+7 916 ***-**-67', resendAt: 61_000, waitSec: 60 };
    const state = { step, busy: false, error: '', fields: {} };
    expect(resendSeconds(state, 0)).toBe(60);
    expect(resendSeconds(state, 30_500)).toBe(31);
    expect(resendSeconds(state, 61_000)).toBe(0);
  });

  it('asks for the code with the stored number, then checks it; a refusal is worded once', async () => {
    const calls: string[] = [];
    const form = phoneCodeForm(
      async (phone) => {
        calls.push(`send ${phone}`);
        return { phone: '+7 916 ***-**-67', resendAfterSec: 60 };
      },
      async (phone, code) => {
        calls.push(`check ${phone} ${code}`);
        if (code !== '654321') throw new Error('Неверный код. Осталось попыток: 4');
      },
    );
    await form.submitNumber('+7 (495) 000-00-00');
    expect(form.$form.get().fields.phone).toBe('Укажите российский мобильный номер: +7 и 10 цифр, начиная с 9');
    await form.submitNumber('+7 (916) 123-45-67');
    expect(form.$form.get().step).toMatchObject({ kind: 'code', phone: '79161234567', sentTo: '+7 916 ***-**-67', waitSec: 60 });
    await form.resend(); // the wait is not over: nothing is sent
    await form.submitCode('12 34');
    expect(form.$form.get().fields.code).toBe('Введите 6 цифр из SMS');
    await form.submitCode('123456');
    expect(form.$form.get().error).not.toBe('');
    await form.submitCode('654 321');
    expect(calls).toEqual(['send 79161234567', 'check 79161234567 123456', 'check 79161234567 654321']);
    expect(form.$form.get().error).toBe('');
  });
});
