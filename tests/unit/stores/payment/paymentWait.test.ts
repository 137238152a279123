import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $authData, emptyAuthData } from '../../../../src/stores/authData.ts';
import { $payment } from '../../../../src/stores/payment/paymentStatus.ts';
import { $waitPhase, MIN_STATE_MS, SLOW_AFTER_MS, followPayment } from '../../../../src/stores/payment/paymentWait.ts';
import type { WaitPhase, WaitTimers } from '../../../../src/stores/payment/paymentWait.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';
import { paymentFixture, signedIn } from './fixtures.ts';

// Issue 24, item 4: the wait page shows the payment's state until the gateway answers, each state at
// least MIN_STATE_MS (no 0.3 s flash), and says when the bank is slow.

const ID = 'b'.repeat(32);

/** A clock that only moves when the page sleeps, recording every phase with the time it appeared. */
function fakeTimers() {
  let now = 0;
  const phases: { at: number; phase: WaitPhase['phase'] | string }[] = [];
  const unlisten = $waitPhase.subscribe((value) => phases.push({ at: now, phase: value.phase === 'done' ? `done:${value.outcome}` : value.phase }));
  const timers: WaitTimers = { now: () => now, sleep: async (ms) => void (now += ms) };
  return { timers, phases, unlisten, elapsed: () => now };
}

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  signedIn();
  $payment.set({ current: { state: 'loading' }, cancelling: false });
  $waitPhase.set({ phase: 'checking' });
});
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('the wait page', () => {
  it('a payment already paid: «Проверяем» stays 1.5 s, then «Оплата прошла» 1.5 s, then the receipt page', async () => {
    fakeApi({ [`GET /105/api/payment/${ID}`]: () => ok(paymentFixture({ status: 'success', receiptHash: 'h'.repeat(22), holdSecondsLeft: null })) });
    const clock = fakeTimers();
    const next = await followPayment(ID, new AbortController().signal, clock.timers);
    clock.unlisten();
    expect(next).toBe(`/prepayment/success/?paymentId=${ID}`);
    expect(clock.phases.slice(1)).toEqual([
      { at: 0, phase: 'checking' },
      { at: MIN_STATE_MS, phase: 'done:success' },
    ]);
    expect(clock.elapsed()).toBe(2 * MIN_STATE_MS);
  });

  it('asks every 2 s while the bank is silent; after 30 s it says the bank is slow; a declined payment goes to the error page', async () => {
    const answers = [...Array.from({ length: 17 }, () => () => ok(paymentFixture())), () => ok(paymentFixture({ status: 'error', errorDesc: 'Банк отклонил оплату' }))];
    const api = fakeApi({ [`GET /105/api/payment/${ID}`]: answers });
    const clock = fakeTimers();
    const next = await followPayment(ID, new AbortController().signal, clock.timers);
    clock.unlisten();
    expect(next).toBe(`/prepayment/error/?paymentId=${ID}`);
    expect(api.calls).toHaveLength(18);
    expect(clock.phases.find((entry) => entry.phase === 'slow')?.at).toBe(SLOW_AFTER_MS);
    // The answer came at 34 s, long after the first 1.5 s: it shows at once, and stays 1.5 s.
    expect(clock.phases.at(-1)).toEqual({ at: 34_000, phase: 'done:failed' });
    expect(clock.elapsed()).toBe(34_000 + MIN_STATE_MS);
  });

  it('keeps asking through a network hiccup', async () => {
    fakeApi({ [`GET /105/api/payment/${ID}`]: [() => fail(502, 'Сервис временно недоступен'), () => ok(paymentFixture({ status: 'cancelled' }))] });
    const clock = fakeTimers();
    const next = await followPayment(ID, new AbortController().signal, clock.timers);
    clock.unlisten();
    expect(next).toBe(`/prepayment/error/?paymentId=${ID}`);
    expect(clock.phases.at(-1)?.phase).toBe('done:cancelled');
  });

  it('stops at once for a payment that is not the visitor\'s, and when the page is left', async () => {
    fakeApi({ [`GET /105/api/payment/${ID}`]: () => fail(404, 'Платёж не найден') });
    const clock = fakeTimers();
    expect(await followPayment(ID, new AbortController().signal, clock.timers)).toBeUndefined();
    expect(clock.elapsed()).toBe(0);
    fakeApi({ [`GET /105/api/payment/${ID}`]: () => ok(paymentFixture({ status: 'success' })) });
    const leave = new AbortController();
    const left = followPayment(ID, leave.signal, { now: () => 0, sleep: async () => leave.abort() });
    expect(await left).toBeUndefined();
    clock.unlisten();
  });
});
