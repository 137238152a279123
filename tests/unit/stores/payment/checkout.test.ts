import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $authData, emptyAuthData } from '../../../../src/stores/authData.ts';
import { $account, EMPTY_ACCOUNT } from '../../../../src/stores/auth/accountState.ts';
import { $checkout, continueCheckout, loadCheckout, navigation, setPayerField, submitCheckout } from '../../../../src/stores/payment/checkout.ts';
import { $rememberedPayer } from '../../../../src/stores/payment/payer.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';
import { quoteFixture, signedIn, unfinishedFixture } from './fixtures.ts';

const visited: string[] = [];
beforeAll(() => {
  useTestStorageEngine();
  navigation.assign = (url) => void visited.push(url);
});
beforeEach(() => {
  visited.length = 0;
  signedIn();
});
afterEach(() => {
  $authData.set(emptyAuthData());
  $account.set({ ...EMPTY_ACCOUNT });
  cleanTestStorage();
});

const ready = () => {
  const current = $checkout.get().current;
  if (current.state !== 'ready') throw new Error(`checkout is ${current.state}`);
  return current;
};

describe('the checkout starts with the payer it knows (issue 24: a returning payer types nothing)', () => {
  it.each([
    ['this browser\'s last payer of this user first', { userId: '41', fio: 'Петров Пётр Петрович', email: 'petr@example.ru' }, { fio: 'Сидоров Сидор Сидорович', email: 'sid@example.ru' }, { fio: 'Петров Пётр Петрович', email: 'petr@example.ru' }],
    ['the server\'s (its last payment) when this browser paid as another user', { userId: '99', fio: 'Чужой Человек Иванович', email: 'other@example.ru' }, { fio: 'Сидоров Сидор Сидорович', email: 'sid@example.ru' }, { fio: 'Сидоров Сидор Сидорович', email: 'sid@example.ru' }],
    ['the account\'s e-mail and name when nothing else is known', undefined, null, { fio: 'Анна Павловна Сидорова', email: 'anna@example.ru' }],
    ['the server\'s e-mail and the account\'s name, field by field', undefined, { fio: '', email: 'account@example.ru' }, { fio: 'Анна Павловна Сидорова', email: 'account@example.ru' }],
  ])('%s', async (_name, remembered, server, expected) => {
    if (remembered !== undefined) $rememberedPayer.set(remembered);
    $account.set({ ...EMPTY_ACCOUNT, email: 'anna@example.ru', name: 'Анна Павловна Сидорова' });
    fakeApi({ 'GET /105/api/payment/info': () => ok(quoteFixture({ payer: server })) });
    await loadCheckout('?fineIds=7');
    expect(ready().form).toEqual(expected);
  });

  it('pays without naming a payment system, then remembers the payer for next time', async () => {
    const api = fakeApi({
      'GET /105/api/payment/info': () => ok(quoteFixture()),
      'POST /105/api/multipayment': () => ok({ paymentId: 'c'.repeat(32), redirectUrl: 'https://gateway.example/pay' }),
    });
    await loadCheckout('?fineIds=7');
    setPayerField('fio', 'Иванов Иван Иванович');
    setPayerField('email', ' ivan@example.ru ');
    await submitCheckout();
    const body = new URLSearchParams(api.calls.find((call) => call.method === 'POST')?.body);
    expect(Object.fromEntries(body)).toEqual({ fineIds: '7', email: 'ivan@example.ru', fio: 'Иванов Иван Иванович', total: '53000' });
    expect(visited).toEqual(['https://gateway.example/pay']);
    expect($rememberedPayer.get()).toEqual({ userId: '41', fio: 'Иванов Иван Иванович', email: 'ivan@example.ru' });
  });
});

describe('a payment the payer left unfinished (Back from the bank)', () => {
  it('is offered: «Продолжить оплату» goes back to the same gateway page', async () => {
    const unfinished = unfinishedFixture();
    fakeApi({ 'GET /105/api/payment/info': () => ok(quoteFixture({ unfinished })) });
    await loadCheckout('?fineIds=7', () => 1_000);
    expect(ready()).toMatchObject({ unfinished, loadedAt: 1_000 });
    continueCheckout();
    expect(visited).toEqual([unfinished.continueUrl]);
  });

  it('«Отменить и оплатить заново» starts a new payment (the server cancels the old one in the same step)', async () => {
    const api = fakeApi({
      'GET /105/api/payment/info': () => ok(quoteFixture({ unfinished: unfinishedFixture(), payer: { fio: 'Иванов Иван Иванович', email: 'ivan@example.ru' } })),
      'POST /105/api/multipayment': () => ok({ paymentId: 'd'.repeat(32), redirectUrl: 'https://gateway.example/new' }),
    });
    await loadCheckout('?fineIds=7');
    await submitCheckout();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /105/api/payment/info', 'POST /105/api/multipayment']);
    expect(visited).toEqual(['https://gateway.example/new']);
  });

  it('has nothing to continue when the gateway never took it', async () => {
    fakeApi({ 'GET /105/api/payment/info': () => ok(quoteFixture({ unfinished: unfinishedFixture({ continueUrl: null }) })) });
    await loadCheckout('?fineIds=7');
    continueCheckout();
    expect(visited).toEqual([]);
  });

  it('shows another user\'s hold as the server words it, and stays on the page', async () => {
    const text = 'Этот штраф уже оплачивается в другом платеже: дождитесь его результата. Если банк не подтвердит оплату, штраф освободится не позже чем через 15 мин';
    fakeApi({ 'GET /105/api/payment/info': () => ok(quoteFixture({ payer: { fio: 'Иванов Иван Иванович', email: 'ivan@example.ru' } })), 'POST /105/api/multipayment': () => fail(409, text) });
    await loadCheckout('?fineIds=7');
    await submitCheckout();
    expect(ready()).toMatchObject({ submitting: false, message: text });
    expect(visited).toEqual([]);
  });
});
