import type { AppDeps } from '../appDeps.ts';
import type { JobDefinition } from '../jobs/jobQueue.ts';
import type { MonetaNotification } from './gateways/moneta/protocol.ts';
import { handleMonetaNotification } from './monetaNotifications.ts';
import { closeUnpaid, recordPaymentEvent, staleWaitingPayments, waitingPaymentsOf } from './paymentStore.ts';
import { SANDBOX_NOTIFY_JOB } from '../routes/paymentSandbox.ts';
import { A3_SANDBOX_COMPLETE_JOB, completeA3SandboxOrder } from '../routes/a3Sandbox.ts';
import { applyA3State } from './a3Results.ts';
import { A3Error, orderStatus } from './gateways/a3/protocol.ts';

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
 * moneta repeats a notification for 26–27 hours and has no status query in the Assistant protocol: a
 * payment with no notification after 28 hours was not paid.
 */
export const WAIT_LIMIT_MS = 28 * 3_600_000;

/** The payment jobs: the sandboxes' delayed answers, polling A3, and closing payments that never got an answer. */
export function paymentJobs(deps: AppDeps, log: (line: string) => void = () => undefined): JobDefinition[] {
  return [
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
      everyMs: 10 * 60_000,
      async run() {
        const now = deps.clock();
        const stale = await staleWaitingPayments(deps.db, new Date(now.getTime() - WAIT_LIMIT_MS));
        for (const id of stale) {
          if (await closeUnpaid(deps.db, id, 'error', 'Платёжная система не подтвердила оплату: деньги не списаны или будут возвращены', now)) {
            await recordPaymentEvent(deps.db, id, 'expire', 'error', now);
          }
        }
        if (stale.length > 0) log(`Платежи без ответа шлюза закрыты: ${stale.length}`);
      },
    },
  ];
}
