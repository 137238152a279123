import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { plateRegionTimeZone } from '../../../src/lib/legalFacts/regionTimeZones.ts';
import { dateTimeInstant } from '../../../src/lib/zonedTime.ts';
import type { Database } from '../../db/schema.ts';
import { dateShift, shiftDateTime } from '../../fines/fineView.ts';

/** An assignment as matching needs it: times as epoch milliseconds, [startsAt, endsAt). */
export type AssignmentSpan = { id: number; driverId: number; startsAt: number; endsAt: number };

/**
 * The assignment covering `instant` among one vehicle's assignments sorted by start (they never
 * overlap): the start belongs to it, the end to whatever follows. Binary search: 5 000 vehicles'
 * years of waybills cost a few comparisons per fine.
 */
export function coveringAssignment(sorted: readonly AssignmentSpan[], instant: number): AssignmentSpan | undefined {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle]?.startsAt ?? Number.POSITIVE_INFINITY) <= instant) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const candidate = found < 0 ? undefined : sorted[found];
  return candidate !== undefined && instant < candidate.endsAt ? candidate : undefined;
}

/** A fleet fine to match: the vehicle it was found by (or none) and the driver licence it was found by (or none). */
export type FineToMatch = { fineId: number; vehicleId: number | null; licenceDriverId: number | null; violationAt: string; plateRegion: string; rulingDate: string; daysAgo: number | null };

/** The outcome for one fine. */
export type FineMatch = { fineId: number; driverId: number | null; assignmentId: number | null; violationAt: Date | null };

/**
 * Who drove at each fine: the driver of the vehicle's assignment covering the violation's instant
 * (a date-time with an offset is exact; one without is the plate region's wall clock); failing that,
 * the fleet driver whose licence the fine was found by; otherwise nobody (a fine to resolve).
 */
export function matchFines(fines: readonly FineToMatch[], byVehicle: ReadonlyMap<number, readonly AssignmentSpan[]>, today: string): FineMatch[] {
  const outcome = new Map<number, FineMatch>();
  for (const fine of fines) {
    const shifted = shiftDateTime(fine.violationAt, dateShift({ days_ago: fine.daysAgo, ruling_date: fine.rulingDate }, today));
    const instant = dateTimeInstant(shifted, plateRegionTimeZone(fine.plateRegion)) ?? null;
    const covering = fine.vehicleId === null || instant === null ? undefined : coveringAssignment(byVehicle.get(fine.vehicleId) ?? [], instant.getTime());
    const match: FineMatch = covering !== undefined ? { fineId: fine.fineId, driverId: covering.driverId, assignmentId: covering.id, violationAt: instant } : { fineId: fine.fineId, driverId: fine.licenceDriverId, assignmentId: null, violationAt: instant };
    // A fine found both by a vehicle and by a licence: an assignment's answer wins, then the licence's driver.
    const before = outcome.get(fine.fineId);
    if (before === undefined || (before.assignmentId === null && (match.assignmentId !== null || (before.driverId === null && match.driverId !== null)))) outcome.set(fine.fineId, match);
  }
  return [...outcome.values()];
}

/** The organization's vehicles' assignments (or those of some vehicles), grouped by vehicle and sorted by start. */
async function assignmentsByVehicle(db: Kysely<Database>, organizationId: number, vehicleIds?: readonly number[]): Promise<Map<number, AssignmentSpan[]>> {
  let query = db.selectFrom('fleet_assignments').select(['id', 'vehicle_id', 'driver_id', 'starts_at', 'ends_at']).where('organization_id', '=', organizationId);
  if (vehicleIds !== undefined) query = query.where('vehicle_id', 'in', vehicleIds.length === 0 ? [0] : [...vehicleIds]);
  const rows = await query.orderBy('vehicle_id').orderBy('starts_at').execute();
  const grouped = new Map<number, AssignmentSpan[]>();
  for (const row of rows) {
    const list = grouped.get(row.vehicle_id) ?? [];
    list.push({ id: row.id, driverId: row.driver_id, startsAt: row.starts_at.getTime(), endsAt: row.ends_at.getTime() });
    grouped.set(row.vehicle_id, list);
  }
  return grouped;
}

/** Which fines to match: every fleet fine, only those not matched yet, or those of some vehicles (their assignments changed). */
export type MatchScope = { onlyNew?: boolean; vehicleIds?: readonly number[] };

/** The organization's fleet fines (by vehicle and by licence) in the scope. */
async function finesToMatch(db: Kysely<Database>, organizationId: number, scope: MatchScope): Promise<FineToMatch[]> {
  const unmatched = scope.onlyNew === true ? sql` and not exists (select 1 from fleet_fine_drivers m where m.organization_id = ${organizationId} and m.fine_id = f.id)` : sql``;
  const vehicles = scope.vehicleIds === undefined ? undefined : scope.vehicleIds.length === 0 ? [0] : [...new Set(scope.vehicleIds)];
  const ofVehicles = vehicles === undefined ? sql`` : sql` and v.id in (${sql.join(vehicles)})`;
  // A licence's fine counts only as far as it is also one of those vehicles' (the licence's driver is the fallback).
  const ofLicences =
    vehicles === undefined ? sql`` : sql` and f.id in (select f2.id from fleet_vehicles v2 join fines f2 on f2.subject_key = v2.subject_key where v2.organization_id = ${organizationId} and v2.id in (${sql.join(vehicles)}))`;
  const rows = await sql<{ id: number; vehicle_id: number | null; driver_id: number | null; violation_at: string; plate_region: string; ruling_date: string; days_ago: number | null }>`
    select f.id, v.id as vehicle_id, null::integer as driver_id, f.violation_at, v.plate_region, f.ruling_date, f.days_ago
      from fleet_vehicles v join fines f on f.subject_key = v.subject_key
      where v.organization_id = ${organizationId}${ofVehicles}${unmatched}
    union all
    select f.id, null::integer, d.id, f.violation_at, f.plate_region, f.ruling_date, f.days_ago
      from fleet_drivers d join fines f on f.subject_key = d.subject_key
      where d.organization_id = ${organizationId}${ofLicences}${unmatched}`.execute(db);
  return rows.rows.map((r) => ({ fineId: r.id, vehicleId: r.vehicle_id, licenceDriverId: r.driver_id, violationAt: r.violation_at, plateRegion: r.plate_region, rulingDate: r.ruling_date, daysAgo: r.days_ago }));
}

/** The matches that differ from what is stored (new fines, another driver or assignment): only those are written. */
async function changedMatches(db: Kysely<Database>, organizationId: number, matches: readonly FineMatch[], everyFine: boolean): Promise<FineMatch[]> {
  const stored = new Map<number, { driver: number | null; assignment: number | null; at: number | null }>();
  for (let i = 0; i < matches.length && !everyFine; i += 5_000) {
    const rows = await db.selectFrom('fleet_fine_drivers').select(['fine_id', 'driver_id', 'assignment_id', 'violation_at']).where('organization_id', '=', organizationId).where('fine_id', 'in', matches.slice(i, i + 5_000).map((m) => m.fineId)).execute();
    for (const row of rows) stored.set(row.fine_id, { driver: row.driver_id, assignment: row.assignment_id, at: row.violation_at?.getTime() ?? null });
  }
  if (everyFine) {
    for (const row of await db.selectFrom('fleet_fine_drivers').select(['fine_id', 'driver_id', 'assignment_id', 'violation_at']).where('organization_id', '=', organizationId).execute()) {
      stored.set(row.fine_id, { driver: row.driver_id, assignment: row.assignment_id, at: row.violation_at?.getTime() ?? null });
    }
  }
  return matches.filter((m) => {
    const was = stored.get(m.fineId);
    return was === undefined || was.driver !== m.driverId || was.assignment !== m.assignmentId || was.at !== (m.violationAt?.getTime() ?? null);
  });
}

/** Writes the matches (the company's decision on who bears a fine is kept); in chunks, in one statement each. */
async function saveMatches(db: Kysely<Database>, organizationId: number, matches: readonly FineMatch[], now: Date): Promise<void> {
  for (let i = 0; i < matches.length; i += 1_000) {
    const chunk = matches.slice(i, i + 1_000);
    await db
      .insertInto('fleet_fine_drivers')
      .values(chunk.map((m) => ({ organization_id: organizationId, fine_id: m.fineId, driver_id: m.driverId, assignment_id: m.assignmentId, violation_at: m.violationAt, bearer: null, matched_at: now })))
      .onConflict((oc) =>
        oc.columns(['organization_id', 'fine_id']).doUpdateSet((eb) => ({
          driver_id: eb.ref('excluded.driver_id'),
          assignment_id: eb.ref('excluded.assignment_id'),
          violation_at: eb.ref('excluded.violation_at'),
          matched_at: eb.ref('excluded.matched_at'),
        })),
      )
      .execute();
  }
}

/**
 * Matches the organization's fleet fines to drivers and keeps the result, writing only what changed:
 * every fine (`{}`), fines seen for the first time (`onlyNew`: the list, the mail job), or the fines of
 * vehicles whose assignments changed (`vehicleIds`). Answers how many fines were looked at.
 */
export async function matchOrganizationFines(db: Kysely<Database>, organizationId: number, now: Date, today: string, scope: MatchScope = {}): Promise<number> {
  const everyFine = scope.onlyNew !== true && scope.vehicleIds === undefined;
  const fines = await finesToMatch(db, organizationId, scope);
  if (everyFine) {
    // Fines of vehicles and licences that left the fleet are no longer its fines.
    const current = new Set(fines.map((f) => f.fineId));
    const gone = (await db.selectFrom('fleet_fine_drivers').select('fine_id').where('organization_id', '=', organizationId).execute()).map((r) => r.fine_id).filter((id) => !current.has(id));
    for (let i = 0; i < gone.length; i += 5_000) await db.deleteFrom('fleet_fine_drivers').where('organization_id', '=', organizationId).where('fine_id', 'in', gone.slice(i, i + 5_000)).execute();
  }
  if (fines.length === 0) return 0;
  const vehicleIds = scope.vehicleIds ?? (scope.onlyNew === true ? [...new Set(fines.flatMap((f) => (f.vehicleId === null ? [] : [f.vehicleId])))] : undefined);
  const matches = matchFines(fines, await assignmentsByVehicle(db, organizationId, vehicleIds), today);
  await saveMatches(db, organizationId, scope.onlyNew === true ? matches : await changedMatches(db, organizationId, matches, everyFine), now);
  return matches.length;
}
