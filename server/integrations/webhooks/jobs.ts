import type { AppDeps } from '../../appDeps.ts';
import type { JobDefinition } from '../../jobs/jobQueue.ts';
import { scheduleFleetChecks } from '../../organizations/fleetRecheck.ts';
import { deliverDue } from './deliver.ts';
import { emitDiscountEnding } from './events.ts';

/** The integration jobs: deliveries every 15 s, the fleet's documents on the re-check schedule every 10 min, `discount.ending` daily. */
export function integrationJobs(deps: AppDeps, log: (line: string) => void = () => undefined): JobDefinition[] {
  return [
    {
      name: 'integrations.deliverWebhooks',
      everyMs: 15_000,
      leaseMs: 5 * 60_000,
      async run() {
        const report = await deliverDue({ db: deps.db, clock: deps.clock, network: deps.webhooks.network });
        if (report.sent > 0) log(`Вебхуки: отправлено ${report.sent}, доставлено ${report.delivered}, не доставлено за сутки ${report.failed}`);
      },
    },
    {
      name: 'integrations.fleetChecks',
      everyMs: 10 * 60_000,
      async run() {
        await scheduleFleetChecks(deps);
      },
    },
    {
      name: 'integrations.discountEnding',
      everyMs: 24 * 3_600_000,
      async run() {
        const emitted = await emitDiscountEnding(deps.db, deps.clock());
        if (emitted > 0) log(`Вебхуки: скидка заканчивается — событий ${emitted}`);
      },
    },
  ];
}
