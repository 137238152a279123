import type { AppDeps } from '../appDeps.ts';
import type { JobDefinition } from '../jobs/jobQueue.ts';
import type { MonetaNotification } from './gateways/moneta/protocol.ts';
import { handleMonetaNotification } from './monetaNotifications.ts';
import { closeUnpaid, recordPaymentEvent, staleWaitingPayments } from './paymentStore.ts';
import { SANDBOX_NOTIFY_JOB } from '../routes/paymentSandbox.ts';

/**
 * moneta repeats a notification for 26–27 hours and has no status query in the Assistant protocol: a
 * payment with no notification after 28 hours was not paid.
 */
export const WAIT_LIMIT_MS = 28 * 3_600_000;

/** The payment jobs: the sandbox's delayed notifications, and closing payments that never got an answer. */
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
