import type { AppDeps } from '../appDeps.ts';
import { readableFines } from '../fines/fineQueries.ts';
import type { ReadableFine } from '../fines/fineQueries.ts';
import { payableFleetFines } from '../organizations/fleetPayable.ts';

/** Fines the user may pay: those their documents or УИН searches reach, and those of fleets they run with a paid subscription. */
export async function payableFines(deps: AppDeps, userId: number, ids: readonly number[]): Promise<ReadableFine[]> {
  const found = await readableFines(deps, userId, ids);
  const reached = new Set(found.map((entry) => entry.fine.id));
  return [...found, ...(await payableFleetFines(deps, userId, ids.filter((id) => !reached.has(id))))];
}
