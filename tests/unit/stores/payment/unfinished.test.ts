import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $authData, emptyAuthData } from '../../../../src/stores/authData.ts';
import { $paymentTerms, cancelAndPayAgain, commissionLabel, holdLabel, loadPaymentTerms, minutesLeft, startedLabel, termsNavigation, unfinishedOf } from '../../../../src/stores/payment/unfinished.ts';
import { DEFAULT_COMMISSION } from '../../../../src/lib/paymentTotals.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';
import { signedIn, unfinishedFixture } from './fixtures.ts';

const visited: string[] = [];
const initial = $paymentTerms.get();
beforeAll(() => {
  useTestStorageEngine();
  termsNavigation.assign = (url) => void visited.push(url);
});
beforeEach(() => {
  visited.length = 0;
  $paymentTerms.set({ ...initial });
  signedIn();
});
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('the commission beside each amount (issue 24, item 3)', () => {
  it.each([
    [50_000, { percent: 2.5, minKopecks: 3_000 }, '+ комиссия 30\u00a0₽'],
    [300_000, { percent: 2.5, minKopecks: 3_000 }, '+ комиссия 75\u00a0₽'],
    [123_456, { percent: 1.9, minKopecks: 2_500 }, '+ комиссия 25\u00a0₽'],
    [1_000_000, { percent: 1.9, minKopecks: 2_500 }, '+ комиссия 190\u00a0₽'],
    [0, { percent: 2.5, minKopecks: 3_000 }, ''],
  ])('%i kopecks at %j: «%s»', (amount, rule, label) => {
    expect(commissionLabel(amount, rule)).toBe(label);
  });

  it('starts with the build\'s rule and takes the server\'s, with the unfinished payments', async () => {
    expect($paymentTerms.get().rule).toEqual(DEFAULT_COMMISSION);
    const payment = unfinishedFixture();
    fakeApi({ 'GET /105/api/payment/unfinished': () => ok({ commissionRule: { percent: 1.9, minKopecks: 2_500 }, holdMinutes: 20, payments: [payment] }) });
    await loadPaymentTerms(() => 5_000);
    expect($paymentTerms.get()).toMatchObject({ rule: { percent: 1.9, minKopecks: 2_500 }, loadedAt: 5_000 });
    expect(unfinishedOf($paymentTerms.get(), 7)).toEqual(payment);
    expect(unfinishedOf($paymentTerms.get(), 8)).toBeUndefined();
  });

  it('keeps the build\'s rule when the server cannot be reached', async () => {
    fakeApi({ 'GET /105/api/payment/unfinished': () => fail(503, 'Сервис временно недоступен') });
    await loadPaymentTerms();
    expect($paymentTerms.get()).toMatchObject({ rule: DEFAULT_COMMISSION, unfinished: [] });
  });
});

describe('how long the bank may still confirm it', () => {
  it.each([
    [840, 0, 14],
    [840, 59_000, 14],
    [840, 61_000, 13],
    [30, 0, 1],
    [30, 30_000, 0],
    [0, 0, 0],
  ])('%i s left at load, %i ms later: %i min', (seconds, elapsed, minutes) => {
    expect(minutesLeft({ holdSecondsLeft: seconds }, 1_000, 1_000 + elapsed)).toBe(minutes);
  });

  it('says when it started: today by the time, another day with the date', () => {
    const started = new Date(2026, 10, 22, 9, 5).toISOString();
    expect(startedLabel(started, new Date(2026, 10, 22, 23, 59))).toBe('Сегодня в 09:05');
    expect(startedLabel(started, new Date(2026, 10, 23, 0, 1))).toBe('22.11.2026 в 09:05');
  });

  it('says it in words', () => {
    expect(holdLabel(14)).toBe('Платёж ждёт подтверждения банка ещё 14\u00a0мин');
    expect(holdLabel(0)).toBe('Время на оплату истекло: начните оплату заново');
  });
});

describe('«Отменить и оплатить заново» on the fine page', () => {
  it('cancels the payment, then opens the checkout', async () => {
    const payment = unfinishedFixture();
    const api = fakeApi({ 'POST /105/api/payment/cancel': () => ok({ status: 'cancelled' }) });
    await cancelAndPayAgain(payment, '/prepayment/?fineIds=7');
    expect(new URLSearchParams(api.calls[0]?.body).get('paymentId')).toBe(payment.paymentId);
    expect(visited).toEqual(['/prepayment/?fineIds=7']);
  });

  it('a payment the bank finished meanwhile: stays, says why, and shows the fresh state', async () => {
    fakeApi({
      'POST /105/api/payment/cancel': () => fail(409, 'Платёж уже завершён: отменить его нельзя'),
      'GET /105/api/payment/unfinished': () => ok({ commissionRule: DEFAULT_COMMISSION, holdMinutes: 20, payments: [] }),
    });
    await cancelAndPayAgain(unfinishedFixture(), '/prepayment/?fineIds=7');
    expect(visited).toEqual([]);
    expect($paymentTerms.get()).toMatchObject({ cancelling: null, unfinished: [], error: 'Платёж уже завершён: отменить его нельзя' });
  });
});
