import { describe, expect, it } from 'vitest';
import { isAuthentic, monetaAmount, notificationAnswer, notificationProblem, notificationSignature, paymentRedirectUrl, readNotification, requestSignature, signedNotification } from '../../../server/payments/gateways/moneta/protocol.ts';
import { sandboxCardOutcome } from '../../../server/payments/gateways/sandboxCards.ts';

const account = { accountId: '54600817', integrityCode: 'QWERTY', testMode: false };

describe('MONETA.Assistant protocol', () => {
  it('signs the answer to a notification as the documentation\'s example does (md5 of 200 + MNT_ID + MNT_TRANSACTION_ID + code)', () => {
    // docs.moneta.ru, "Уведомление об оплате": md5(20054600817FF790ABCDQWERTY) = 29807c8e5d82198b5c4360e6ec711cce
    expect(notificationAnswer(account, 'FF790ABCD', true)).toContain('<MNT_SIGNATURE>29807c8e5d82198b5c4360e6ec711cce</MNT_SIGNATURE>');
    expect(notificationAnswer(account, 'FF790ABCD', true)).toContain('<MNT_RESULT_CODE>200</MNT_RESULT_CODE>');
  });

  it('writes amounts with two decimals', () => {
    expect(monetaAmount(12_025)).toBe('120.25');
    expect(monetaAmount(50_000)).toBe('500.00');
    expect(monetaAmount(5)).toBe('0.05');
  });

  it('signs the payment request over the documented fields, and the redirect carries them', () => {
    const url = new URL(paymentRedirectUrl('https://moneta.ru/assistant.htm', account, { transactionId: 'FF790ABCD', amountKopecks: 12_025, description: 'Штраф', successUrl: 'https://s.ru/ok', failUrl: 'https://s.ru/no', inProgressUrl: 'https://s.ru/wait', returnUrl: 'https://s.ru/back' }));
    expect(url.searchParams.get('MNT_AMOUNT')).toBe('120.25');
    expect(url.searchParams.get('MNT_CURRENCY_CODE')).toBe('RUB');
    expect(url.searchParams.get('MNT_SIGNATURE')).toBe(requestSignature(account, 'FF790ABCD', '120.25'));
    // md5(MNT_ID + MNT_TRANSACTION_ID + MNT_AMOUNT + MNT_CURRENCY_CODE + MNT_SUBSCRIBER_ID + MNT_TEST_MODE + code), computed independently:
    expect(requestSignature(account, 'FF790ABCD', '120.25')).toBe('c8222aef6362c7f1239ccdc729d1a200');
  });

  it('accepts only notifications signed with our code for our account', () => {
    const signed = signedNotification(account, 'FF790ABCD', '123456', 12_025);
    expect(isAuthentic(signed, account)).toBe(true);
    expect(isAuthentic({ ...signed, MNT_AMOUNT: '1.00' }, account)).toBe(false);
    expect(isAuthentic(signed, { ...account, integrityCode: 'OTHER' })).toBe(false);
    expect(isAuthentic({ ...signed, MNT_SIGNATURE: 'zz' }, account)).toBe(false);
    expect(readNotification({ ...signed, MNT_AMOUNT: 5 })).toBeUndefined();
  });

  it('never takes a request signature for a notification (the forgery of issue 23)', () => {
    const url = new URL(paymentRedirectUrl('https://moneta.ru/assistant.htm', account, { transactionId: 'FF790ABCD', amountKopecks: 12_025, description: 'Штраф', successUrl: 'https://s.ru/ok', failUrl: 'https://s.ru/no', inProgressUrl: 'https://s.ru/wait', returnUrl: 'https://s.ru/back' }));
    const forged = { ...signedNotification(account, 'FF790ABCD', '', 12_025), MNT_SIGNATURE: url.searchParams.get('MNT_SIGNATURE') ?? '' };
    // The two signed strings are the same when the operation id is empty; only the field check tells them apart.
    expect(notificationSignature(forged, account.integrityCode)).toBe(forged.MNT_SIGNATURE);
    expect(notificationProblem(forged, account)).toBe('unexpected-fields');
  });

  it('knows the sandbox\'s test cards however they are typed', () => {
    expect(sandboxCardOutcome('4111 1111 1111 1111')).toBe('pays');
    expect(sandboxCardOutcome('4000-0000-0000-0002')).toBe('declined');
    expect(sandboxCardOutcome('4000000000003220')).toBe('paysLater');
    expect(sandboxCardOutcome('5555 5555 5555 4444')).toBeUndefined();
  });
});
