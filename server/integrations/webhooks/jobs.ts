import type { AppDeps } from '../../appDeps.ts';
import type { JobDefinition } from '../../jobs/jobQueue.ts';
import { scheduleDocuments } from '../../notifications/recheck.ts';
import type { FineSubject } from '../../providers/fines/provider.ts';
import { deliverDue } from './deliver.ts';
import { emitDiscountEnding } from './events.ts';

/** Puts the fleet documents of organizations with a paid subscription on the re-check schedule (the re-check finds their new fines; recheck.ts emits `fine.new`). */
export async function scheduleFleetChecks(deps: Pick<AppDeps, 'db' | 'clock' | 'fines' | 'recheckIntervalMs' | 'recheckRate'>): Promise<number> {
  const now = deps.clock();
  const [vehicles, drivers] = await Promise.all([
    deps.db.selectFrom('fleet_vehicles as x').innerJoin('organizations as o', 'o.id', 'x.organization_id').where('o.subscribe_type', '<>', 0).where('o.subscription_end', '>', now)
      .select(['x.sts', 'x.plate_number', 'x.plate_region']).execute(),
    deps.db.selectFrom('fleet_drivers as x').innerJoin('organizations as o', 'o.id', 'x.organization_id').where('o.subscribe_type', '<>', 0).where('o.subscription_end', '>', now)
      .select(['x.number']).execute(),
  ]);
  const subjects: FineSubject[] = [
    ...vehicles.map((v): FineSubject => ({ kind: 'sts', sts: v.sts, plateNumber: v.plate_number, plateRegion: v.plate_region })),
    ...drivers.map((d): FineSubject => ({ kind: 'dl', driverLicense: d.number })),
  ];
  await scheduleDocuments(deps, subjects.map((subject) => ({ subject, key: deps.fines.subjectKey(subject) })));
  return subjects.length;
}

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
