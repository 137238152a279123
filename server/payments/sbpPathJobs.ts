import type { AppDeps } from '../appDeps.ts';
import type { JobDefinition } from '../jobs/jobQueue.ts';
import { advancePaths } from './paymentPath.ts';
import { pollSbp } from './sbp/sbpStart.ts';

/** Issue 25's jobs: asking moneta about СБП payments with no notification, and moving paid fines along their path to ГИС ГМП. */
export function sbpPathJobs(deps: AppDeps, log: (line: string) => void = () => undefined): JobDefinition[] {
  return [
    {
      name: 'payments.sbpPoll',
      everyMs: 60_000,
      async run() {
        const resolved = await pollSbp(deps);
        if (resolved > 0) log(`Платежи СБП по опросу шлюза: ${resolved}`);
      },
    },
    {
      name: 'payments.path',
      everyMs: 60_000,
      async run() {
        const moved = await advancePaths(deps);
        if (moved.sent + moved.accounted + moved.overdue > 0) log(`Путь платежей в ГИС ГМП: передано ${moved.sent}, учтено ${moved.accounted}, обращений о задержке ${moved.overdue}`);
      },
    },
  ];
}
