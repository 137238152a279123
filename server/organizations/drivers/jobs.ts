import type { AppDeps } from '../../appDeps.ts';
import type { JobDefinition } from '../../jobs/jobQueue.ts';
import { runDriverNotices } from './driverNotices.ts';

/** The drivers' job: mail drivers about new fines matched to them (paid fleets are re-checked by fleetRecheck.ts's job). */
export function fleetDriverJobs(deps: AppDeps, log: (line: string) => void = () => undefined): JobDefinition[] {
  return [
    {
      name: 'fleet.driverNotices',
      everyMs: 5 * 60_000,
      async run() {
        const { mailsSent } = await runDriverNotices(deps);
        if (mailsSent > 0) log(`Письма водителям о штрафах: ${mailsSent}`);
      },
    },
  ];
}
