import type { AppDeps } from '../../appDeps.ts';
import type { JobDefinition } from '../../jobs/jobQueue.ts';
import { scheduleDocuments } from '../../notifications/recheck.ts';
import type { FineSubject } from '../../providers/fines/provider.ts';
import { runDriverNotices } from './driverNotices.ts';

/**
 * Puts the documents of fleets that tell their drivers on the re-check's schedule (the account
 * documents' job asks the source about them in its turn), so that new fines of those vehicles arrive.
 */
export async function scheduleFleetDocuments(deps: AppDeps): Promise<number> {
  const [vehicles, licences] = await Promise.all([
    deps.db.selectFrom('fleet_vehicles as v').innerJoin('organizations as o', 'o.id', 'v.organization_id').where('o.notify_drivers', '=', true).select(['v.sts', 'v.plate_number', 'v.plate_region']).execute(),
    deps.db.selectFrom('fleet_drivers as d').innerJoin('organizations as o', 'o.id', 'd.organization_id').where('o.notify_drivers', '=', true).select(['d.number']).execute(),
  ]);
  const subjects: FineSubject[] = [
    ...vehicles.map((v): FineSubject => ({ kind: 'sts', sts: v.sts, plateNumber: v.plate_number, plateRegion: v.plate_region })),
    ...licences.map((d): FineSubject => ({ kind: 'dl', driverLicense: d.number })),
  ];
  await scheduleDocuments(deps, subjects.map((subject) => ({ subject, key: deps.fines.subjectKey(subject) })));
  return subjects.length;
}

/** The drivers' job: schedule the fleets' documents, then mail drivers about new fines matched to them. */
export function fleetDriverJobs(deps: AppDeps, log: (line: string) => void = () => undefined): JobDefinition[] {
  return [
    {
      name: 'fleet.driverNotices',
      everyMs: 5 * 60_000,
      async run() {
        await scheduleFleetDocuments(deps);
        const { mailsSent } = await runDriverNotices(deps);
        if (mailsSent > 0) log(`Письма водителям о штрафах: ${mailsSent}`);
      },
    },
  ];
}
