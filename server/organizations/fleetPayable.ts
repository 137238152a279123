import { sql } from 'kysely';
import type { AppDeps } from '../appDeps.ts';
import { readFines } from '../fines/fineQueries.ts';
import type { ReadableFine } from '../fines/fineQueries.ts';

/**
 * Fines of the account's fleets that it may pay (issue 12): fines of a vehicle or driver of an
 * organization it owns whose subscription is paid and running. A demo or ended subscription shows
 * its fleet's fines masked, so they cannot be paid (paying shows the ruling number and the receipt):
 * such ids are simply not returned, and the checkout answers 404 as for any fine not the user's.
 */
export async function payableFleetFines(deps: Pick<AppDeps, 'db' | 'clock'>, userId: number, ids: readonly number[]): Promise<ReadableFine[]> {
  if (ids.length === 0) return [];
  const now = deps.clock();
  const owned = await sql<{ id: number; plate: string | null }>`
    select f.id, v.plate_number || ' ' || v.plate_region as plate
    from fines f
    join (
      select subject_key, organization_id, plate_number, plate_region from fleet_vehicles
      union all select subject_key, organization_id, null, null from fleet_drivers
    ) v on v.subject_key = f.subject_key
    join organizations o on o.id = v.organization_id
    where f.id in (${sql.join(ids)}) and o.user_id = ${userId} and o.subscribe_type > 0 and o.subscription_end > ${now}`.execute(deps.db);
  const allowed = new Set(owned.rows.map((row) => row.id));
  const found = await readFines(deps.db, { ids: [...allowed] });
  return found.map((entry) => ({ ...entry, byDocument: true, shownAs: { identifier: `${entry.fine.plate_number}${entry.fine.plate_region}`, identifierType: 'plate' } }));
}
