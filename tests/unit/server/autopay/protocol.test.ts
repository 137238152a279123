import { describe, expect, it } from 'vitest';
import { makeCancelToken, readCancelToken } from '../../../../server/payments/autopay/cancelLinks.ts';
import { bindingRedirectUrl, monetaAmountKopecks, signedBindingNotification } from '../../../../server/payments/autopay/gateways/monetaRecurring.ts';
import { maskCard, tokenCardBehaviour } from '../../../../server/payments/autopay/gateways/sandboxTokenCards.ts';
import { latestChargeAt } from '../../../../server/payments/autopay/scheduleFines.ts';
import { monthStart } from '../../../../server/payments/autopay/runCharges.ts';
import { notificationSignature, requestSignature } from '../../../../server/payments/gateways/moneta/protocol.ts';

const account = { accountId: '00000001', integrityCode: 'secret', testMode: true };
const NOW = new Date('2026-03-16T07:00:00Z');

describe('moneta binding request', () => {
  it('names the subscriber and signs it into the request, with a 1 ₽ hold', () => {
    const url = new URL(bindingRedirectUrl('https://moneta.test/assistant.htm', account, { bindingId: 'ab'.repeat(16), returnUrl: 'https://s/ok', failUrl: 'https://s/no' }));
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ MNT_AMOUNT: '1.00', MNT_SUBSCRIBER_ID: 'ab'.repeat(16), AUTHORIZEONLY: '1', paymentToken: 'request' });
    expect(q['MNT_SIGNATURE']).toBe(requestSignature(account, 'ab'.repeat(16), '1.00', 'ab'.repeat(16)));
    expect(q['MNT_SIGNATURE']).not.toBe(requestSignature(account, 'ab'.repeat(16), '1.00'));
  });

  it("the binding notification's signature covers the subscriber id", () => {
    const n = signedBindingNotification(account, 'cd'.repeat(16), '123456789');
    const { MNT_SIGNATURE: signature, ...fields } = n;
    expect(signature).toBe(notificationSignature(fields, 'secret'));
    expect(signature).not.toBe(notificationSignature({ ...fields, MNT_SUBSCRIBER_ID: '' }, 'secret'));
  });
});

describe('amounts as moneta writes them', () => {
  it.each([
    ['1.00', 100],
    ['1234.50', 123_450],
    ['0.07', 7],
    ['12', undefined],
    ['1.5', undefined],
    ['-1.00', undefined],
  ])('%s → %s kopecks', (text, kopecks) => expect(monetaAmountKopecks(text)).toBe(kopecks));
});

describe('sandbox cards', () => {
  it.each([
    ['4111 1111 1111 1111', 'pays', '411111******1111'],
    ['5555555555554444', 'declines', '555555******4444'],
    ['2200 0000 0000 0053', 'declinesFirst', '220000******0053'],
    ['4000 0000 0000 0002', 'refusesBinding', '400000******0002'],
  ])('%s %s, masked %s', (card, behaviour, mask) => {
    expect(tokenCardBehaviour(card)).toBe(behaviour);
    expect(maskCard(card)).toBe(mask);
  });
});

describe('cancel tokens', () => {
  it('read back what they were made of, and nothing else', () => {
    const token = makeCancelToken('s', 12, 41, NOW);
    expect(readCancelToken('s', token, NOW)).toEqual({ chargeId: 12, userId: 41 });
    expect(readCancelToken('other', token, NOW)).toEqual({ problem: 'bad' });
    expect(readCancelToken('s', token.replace('.12.', '.13.').replace(/^12\./, '13.'), NOW)).toEqual({ problem: 'bad' });
    expect(readCancelToken('s', token, new Date(NOW.getTime() + 61 * 86_400_000))).toEqual({ problem: 'expired' });
  });
});

describe('when a fine may be charged at the latest', () => {
  it.each([
    // discount's last day, margin, latest charge (noon Moscow)
    ['2026-04-15', 2, '2026-04-13T09:00:00.000Z'],
    ['2026-03-01', 2, '2026-02-27T09:00:00.000Z'],
    ['2026-04-15', 0, '2026-04-15T09:00:00.000Z'],
  ])('%s, %d days before → %s', (lastDay, margin, at) => expect(latestChargeAt(lastDay, margin).toISOString()).toBe(at));
});

describe('the month of the monthly limit (Moscow)', () => {
  it.each([
    ['2026-03-16T07:00:00Z', '2026-02-28T21:00:00.000Z'],
    ['2026-02-28T21:30:00Z', '2026-02-28T21:00:00.000Z'], // 1 March 00:30 in Moscow
    ['2026-02-28T20:30:00Z', '2026-01-31T21:00:00.000Z'],
  ])('%s → %s', (now, start) => expect(monthStart(new Date(now)).toISOString()).toBe(start));
});
