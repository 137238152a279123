import { atom } from 'nanostores';
import { $payment, POLL_MS, loadPayment, resultPage } from './paymentStatus.ts';

// The wait page (issue 24, item 4): it shows the payment's state until the gateway answers, and every
// state stays on screen long enough to be read — never a 0.3 s flash of «Проверяем оплату» before the
// receipt. After SLOW_AFTER_MS it says the bank is slow and what the payer can do.

/** Each state of the wait page stays at least this long, so it can be read. */
export const MIN_STATE_MS = 1_500;

/** After this long the wait page says the bank is slow, shows what to do, and keeps asking. */
export const SLOW_AFTER_MS = 30_000;

/** What the wait page shows: still checking, checking for long, or the answer (and the page it opens next). */
export type WaitPhase = { phase: 'checking' } | { phase: 'slow' } | { phase: 'done'; outcome: 'success' | 'failed' | 'cancelled'; next: string };

/** The wait page's phase. */
export const $waitPhase = atom<WaitPhase>({ phase: 'checking' });

/** Time for the wait page; tests pass a fake. */
export type WaitTimers = { now(): number; sleep(ms: number): Promise<void> };

const realTimers: WaitTimers = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * Asks for the payment every POLL_MS until the bank has answered, then answers the page to go to. The
 * checking state stays at least MIN_STATE_MS from the start, then the answer at least MIN_STATE_MS
 * more. A network hiccup does not stop it; `signal` does (and then it answers undefined).
 */
export async function followPayment(paymentId: string | undefined, signal: AbortSignal, timers: WaitTimers = realTimers): Promise<string | undefined> {
  const shownAt = timers.now();
  $waitPhase.set({ phase: 'checking' });
  while (!signal.aborted) {
    const payment = await loadPayment(paymentId);
    if ($payment.get().current.state === 'notFound') return undefined;
    const next = payment === undefined ? undefined : resultPage(payment);
    if (payment !== undefined && next !== undefined) {
      await timers.sleep(Math.max(0, MIN_STATE_MS - (timers.now() - shownAt)));
      if (signal.aborted) return undefined;
      $waitPhase.set({ phase: 'done', outcome: payment.status === 'success' ? 'success' : payment.status === 'cancelled' ? 'cancelled' : 'failed', next });
      await timers.sleep(MIN_STATE_MS);
      return signal.aborted ? undefined : next;
    }
    if (timers.now() - shownAt >= SLOW_AFTER_MS && $waitPhase.get().phase === 'checking') $waitPhase.set({ phase: 'slow' });
    await timers.sleep(POLL_MS);
  }
  return undefined;
}
