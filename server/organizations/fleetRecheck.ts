import type { AppDeps } from '../appDeps.ts';
import { scheduleDocuments } from '../notifications/recheck.ts';
import type { FineSubject } from '../providers/fines/provider.ts';

/** Puts the fleet documents of organizations with a paid subscription on the re-check schedule (the re-check finds their new fines; recheck.ts emits `fine.new`; the drivers' mails follow the matches it makes). */
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
