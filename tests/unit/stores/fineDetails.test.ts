import { afterEach, describe, expect, it } from 'vitest';
import type { Fine } from '../../../src/api/structs/fine.ts';
import { $now } from '../../../src/stores/clock.ts';
import { $fineDetails, $finePaymentTerm } from '../../../src/stores/fineDetails.ts';
import { camerasNearText, isOverdue } from '../../../src/stores/fineView.ts';
import { fineFixture } from './fakeApi.ts';

const fine = (overrides: Record<string, unknown> = {}) => fineFixture(overrides) as Fine;
/** A moment on a Moscow day. */
const at = (day: string, time = '12:00') => new Date(`${day}T${time}:00+03:00`).getTime();

afterEach(() => $fineDetails.set({ current: { state: 'loading' } }));

// Issue 24, item 12: the fine page tells the truth about the payment term, by the clock store.
describe('the payment term on the fine page follows the clock', () => {
  it.each<[string, Record<string, unknown>, number, ReturnType<typeof $finePaymentTerm.get>]>([
    ['before the last day', { paymentDeadline: '2026-09-08' }, at('2026-09-01'), { kind: 'open', lastDay: '2026-09-08' }],
    ['on the last day, late evening in Moscow', { paymentDeadline: '2026-09-08' }, at('2026-09-08', '23:59'), { kind: 'open', lastDay: '2026-09-08' }],
    ['just after midnight in Moscow', { paymentDeadline: '2026-09-08' }, at('2026-09-09', '00:01'), { kind: 'overdue', lastDay: '2026-09-08', daysOver: 1 }],
    ['on 26.11.2026', { paymentDeadline: '2026-09-08' }, at('2026-11-26'), { kind: 'overdue', lastDay: '2026-09-08', daysOver: 79 }],
    ['a paid fine has no term', { paymentDeadline: '2026-09-08', paid: true, amountToPay: 0 }, at('2026-11-26'), undefined],
  ])('%s', (_name, overrides, now, term) => {
    // Listened to, as the page does (mounting the clock sets it to the real time; the test sets it after).
    const off = $finePaymentTerm.listen(() => {});
    $fineDetails.set({ current: { state: 'ready', fine: fine(overrides) } });
    $now.set(now);
    expect($finePaymentTerm.get()).toEqual(term);
    off();
  });

  it('has none before the fine loads', () => expect($finePaymentTerm.get()).toBeUndefined());
});

describe('on the list, an overdue fine is marked', () => {
  it.each([
    [{ paid: false, paymentDeadline: '2026-09-08' }, '2026-11-26', true],
    [{ paid: false, paymentDeadline: '2026-09-08' }, '2026-09-08', false],
    [{ paid: true, paymentDeadline: '2026-09-08' }, '2026-11-26', false],
  ])('%j on %s → %s', (f, today, overdue) => expect(isOverdue(f, today)).toBe(overdue));
});

describe('the small map’s caption about cameras nearby', () => {
  it.each<[number | undefined, boolean, string]>([
    [undefined, true, 'Ищем камеры рядом…'],
    [3, true, 'Камер рядом с местом нарушения: 3.'],
    [1, false, 'Камер рядом с местом нарушения: 1.'],
    // A camera took the photo on this very page: never «камер рядом нет» beside it.
    [0, true, ''],
    [0, false, 'Камер рядом с местом нарушения в нашей базе нет.'],
  ])('%s cameras, by camera %s → %j', (near, byCamera, text) => expect(camerasNearText(near, byCamera)).toBe(text));
});
