import type { AppDeps } from '../appDeps.ts';
import type { JobDefinition } from '../jobs/jobQueue.ts';
import { deliverPending, runDiscountReminders, runRecheck } from './runRecheck.ts';

/** Documents checked per run of the re-check job (the rest wait for the next minute; RECHECK_RATE paces the source). */
export const RECHECK_BATCH = 500;

/** The notification jobs: the re-check every minute (each document when its own time comes), reminders hourly, retries of failed mail. */
export function notificationJobs(deps: AppDeps, log: (line: string) => void = () => undefined): JobDefinition[] {
  return [
    {
      name: 'notifications.recheck',
      everyMs: 60_000,
      leaseMs: 30 * 60_000,
      async run() {
        const report = await runRecheck(deps, { limit: RECHECK_BATCH });
        if (report.checked > 0) log(`Перепроверка: документов ${report.checked}, новых начислений ${report.newItems}, писем ${report.mailsSent}, push ${report.pushesQueued}`);
      },
    },
    {
      name: 'notifications.discountReminders',
      everyMs: 3_600_000,
      async run() {
        const { mailsSent } = await runDiscountReminders(deps);
        if (mailsSent > 0) log(`Напоминания о скидках: писем ${mailsSent}`);
      },
    },
    {
      name: 'notifications.deliverPending',
      everyMs: 5 * 60_000,
      async run() {
        await deliverPending(deps);
      },
    },
  ];
}
