import type { AppDeps } from '../appDeps.ts';
import type { JobDefinition } from '../jobs/jobQueue.ts';
import type { MonetaNotification } from './gateways/moneta/protocol.ts';
import { handleMonetaNotification } from './monetaNotifications.ts';
import { readPayment, recordPaymentEvent, staleWaitingPayments, waitingPaymentsOf } from './paymentStore.ts';
import { expirePayment } from './holds.ts';
import { holdMsOf } from './settings.ts';
import { SANDBOX_NOTIFY_JOB } from '../routes/paymentSandbox.ts';
import { A3_SANDBOX_COMPLETE_JOB, completeA3SandboxOrder } from '../routes/a3Sandbox.ts';
import { applyA3State } from './a3Results.ts';
import { A3Error, orderStatus } from './gateways/a3/protocol.ts';
import { receiptJobs } from './receiptJob.ts';

/** An A3 payment still waiting this long after it started is asked about (its callback may be lost). */
export const A3_POLL_AFTER_MS = 60_000;

/** Asks A3 about its payments still waiting after A3_POLL_AFTER_MS and applies the answers; answers how many it settled or closed. */
export async function pollA3(deps: AppDeps): Promise<number> {
  const { a3 } = deps.payments;
  if (a3 === undefined) return 0;
  const waiting = await waitingPaymentsOf(deps.db, 'A3', new Date(deps.clock().getTime() - A3_POLL_AFTER_MS));
  let resolved = 0;
  for (const payment of waiting) {
    try {
      const outcome = await applyA3State(deps, a3, await orderStatus(a3.merchant, a3.fetch, payment.id), 'a3.poll');
      if (outcome === 'paid' || outcome === 'declined') resolved += 1;
    } catch (error) {
      if (!(error instanceof A3Error)) throw error;
      await recordPaymentEvent(deps.db, payment.id, 'a3.poll', 'unreachable', deps.clock());
    }
  }
  return resolved;
}

/**
 * Closes the payments that waited longer than the hold (PAYMENT_HOLD_MINUTES, the gateways' session
 * length): their fines are free again. An A3 payment is asked about once more first (its callback may
 * be lost); moneta has no status query in the Assistant protocol. A notification that still comes later
 * (moneta repeats one for 26–27 hours) is acknowledged and recorded as needing a refund.
 */
export async function expireStalePayments(deps: AppDeps): Promise<number> {
  const holdMs = holdMsOf(deps.payments);
  const stale = await staleWaitingPayments(deps.db, new Date(deps.clock().getTime() - holdMs));
  let closed = 0;
  for (const id of stale) {
    const payment = await readPayment(deps.db, id);
    const { a3 } = deps.payments;
    if (payment?.payment_system === 'A3' && a3 !== undefined) {
      try {
        await applyA3State(deps, a3, await orderStatus(a3.merchant, a3.fetch, id), 'a3.poll');
      } catch (error) {
        if (!(error instanceof A3Error)) throw error;
      }
    }
    if (await expirePayment(deps.db, id, deps.clock(), holdMs)) closed += 1;
  }
  return closed;
}

/** The payment jobs: the sandboxes' delayed answers, polling A3, and closing payments that never got an answer. */
export function paymentJobs(deps: AppDeps, log: (line: string) => void = () => undefined): JobDefinition[] {
  return [
    ...receiptJobs(deps),
    {
      name: SANDBOX_NOTIFY_JOB,
      async run(payload) {
        const { notification } = payload as { notification: MonetaNotification };
        await handleMonetaNotification(deps, notification as unknown as Record<string, unknown>);
      },
    },
    {
      name: A3_SANDBOX_COMPLETE_JOB,
      async run(payload) {
        await completeA3SandboxOrder(deps, (payload as { orderId: string }).orderId);
      },
    },
    {
      name: 'payments.a3Poll',
      everyMs: 60_000,
      async run() {
        const resolved = await pollA3(deps);
        if (resolved > 0) log(`Платежи A3 по опросу шлюза: ${resolved}`);
      },
    },
    {
      name: 'payments.expire',
      // Every minute, so a hold never outlives its PAYMENT_HOLD_MINUTES by more than that.
      everyMs: 60_000,
      async run() {
        const closed = await expireStalePayments(deps);
        if (closed > 0) log(`Платежи без ответа шлюза закрыты: ${closed}`);
      },
    },
  ];
}
