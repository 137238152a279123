import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { FleetAssignment, FleetDriverCard } from '../../../src/api/structs/fleetDrivers.ts';
import { zonedLocal } from '../../../src/lib/zonedTime.ts';
import type { Database, FleetAssignmentsTable } from '../../db/schema.ts';
import { ApiError } from '../../http/apiError.ts';
import type { FleetDriverRow, FleetVehicleRow } from '../fleetStore.ts';

/** Assignments per organization at most: a year of daily waybills for a 300-vehicle fleet is about 110 000. */
export const ASSIGNMENT_LIMIT = 500_000;

/** Longest assignment: a waybill is issued for a shift or a trip; a year means a typo in the date. */
export const ASSIGNMENT_MAX_MS = 366 * 86_400_000;

/** An assignment row. */
export type FleetAssignmentRow = Selectable<FleetAssignmentsTable>;

/** An assignment to add: instants, and the zone its wall-clock times were read in. */
export type AssignmentToAdd = { vehicleId: number; driverId: number; startsAt: Date; endsAt: Date; timeZone: string };

/** The driver's name as the cabinet shows it: the name, or the licence when there is none. */
export function driverLabel(driver: Pick<FleetDriverRow, 'number' | 'full_name'>): string {
  return driver.full_name ?? `ВУ ${driver.number}`;
}

/** The reply shape of a driver with their e-mail. */
export function toDriverCard(row: FleetDriverRow): FleetDriverCard {
  return { id: row.id, driverLicense: row.number, fullName: row.full_name, email: row.email };
}

/** The reply shape of an assignment, times as the wall clock of its zone. */
export function toAssignment(row: FleetAssignmentRow, vehicle: Pick<FleetVehicleRow, 'plate_number' | 'plate_region'> | undefined, driver: Pick<FleetDriverRow, 'number' | 'full_name'> | undefined): FleetAssignment {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    driverId: row.driver_id,
    vehiclePlate: vehicle === undefined ? '' : `${vehicle.plate_number} ${vehicle.plate_region}`,
    driverName: driver === undefined ? '' : driverLabel(driver),
    startsAt: zonedLocal(row.starts_at, row.time_zone),
    endsAt: zonedLocal(row.ends_at, row.time_zone),
    timeZone: row.time_zone,
  };
}

/** What is wrong with an assignment's span by itself, or undefined. */
export function spanProblem(startsAt: Date, endsAt: Date): string | undefined {
  if (endsAt.getTime() <= startsAt.getTime()) return 'Окончание должно быть позже начала';
  if (endsAt.getTime() - startsAt.getTime() > ASSIGNMENT_MAX_MS) return 'Путевой лист длиннее года: проверьте даты';
  return undefined;
}

/** The organization's assignments of these vehicles that overlap [from, to) somewhere: for checking new ones against. */
export async function assignmentsNear(db: Kysely<Database>, organizationId: number, vehicleIds: readonly number[], from: Date, to: Date): Promise<FleetAssignmentRow[]> {
  if (vehicleIds.length === 0) return [];
  return db
    .selectFrom('fleet_assignments')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('vehicle_id', 'in', [...new Set(vehicleIds)])
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .orderBy('starts_at')
    .execute();
}

/** Whether two spans share a moment ([start, end) each). */
export const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/** The same assignment (vehicle, driver, both times). */
export const sameAssignment = (a: AssignmentToAdd, row: FleetAssignmentRow) =>
  a.vehicleId === row.vehicle_id && a.driverId === row.driver_id && a.startsAt.getTime() === row.starts_at.getTime() && a.endsAt.getTime() === row.ends_at.getTime();

/**
 * Adds assignments in one transaction (the organization row locked, so two imports cannot both pass the
 * check). One that is there already is skipped; one that overlaps another of its vehicle is refused
 * with 409 and nothing is added: a vehicle has one driver at a time, so each fine has one answer.
 */
export async function addAssignments(db: Kysely<Database>, organizationId: number, list: readonly AssignmentToAdd[], now: Date): Promise<FleetAssignmentRow[]> {
  if (list.length === 0) return [];
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
    const have = await tx.selectFrom('fleet_assignments').select((eb) => eb.fn.countAll<string>().as('n')).where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    if (Number(have.n) + list.length > ASSIGNMENT_LIMIT) throw new ApiError(422, `В одной организации может быть не больше ${ASSIGNMENT_LIMIT} путевых листов`);
    const from = new Date(Math.min(...list.map((a) => a.startsAt.getTime())));
    const to = new Date(Math.max(...list.map((a) => a.endsAt.getTime())));
    const near = await assignmentsNear(tx, organizationId, list.map((a) => a.vehicleId), from, to);
    const fresh = list.filter((a) => !near.some((row) => sameAssignment(a, row)));
    fresh.forEach((a, index) => {
      const clash = near.find((row) => row.vehicle_id === a.vehicleId && overlaps(a, { startsAt: row.starts_at, endsAt: row.ends_at })) ?? fresh.slice(0, index).find((b) => b.vehicleId === a.vehicleId && overlaps(a, b));
      if (clash !== undefined) throw new ApiError(409, 'У автомобиля в это время уже есть водитель: путевые листы одного автомобиля не должны пересекаться');
    });
    const added: FleetAssignmentRow[] = [];
    for (let i = 0; i < fresh.length; i += 1_000) {
      const rows = fresh.slice(i, i + 1_000).map((a) => ({ organization_id: organizationId, vehicle_id: a.vehicleId, driver_id: a.driverId, starts_at: a.startsAt, ends_at: a.endsAt, time_zone: a.timeZone, created_at: now }));
      added.push(...(await tx.insertInto('fleet_assignments').values(rows).returningAll().execute()));
    }
    return added;
  });
}

/** Which assignments to list: of one vehicle or driver, overlapping [from, to), a page of `limit` after `offset`. */
export type AssignmentFilters = { vehicleId?: number; driverId?: number; from?: Date; to?: Date; limit?: number; offset?: number };

/** The organization's assignments that pass the filters (paging aside). */
function filtered(db: Kysely<Database>, organizationId: number, filters: AssignmentFilters) {
  let query = db.selectFrom('fleet_assignments').where('organization_id', '=', organizationId);
  if (filters.vehicleId !== undefined) query = query.where('vehicle_id', '=', filters.vehicleId);
  if (filters.driverId !== undefined) query = query.where('driver_id', '=', filters.driverId);
  if (filters.from !== undefined) query = query.where('ends_at', '>', filters.from);
  if (filters.to !== undefined) query = query.where('starts_at', '<', filters.to);
  return query;
}

/** The organization's assignments, latest start first (200 unless `limit` says otherwise). */
export function listAssignments(db: Kysely<Database>, organizationId: number, filters: AssignmentFilters = {}): Promise<FleetAssignmentRow[]> {
  return filtered(db, organizationId, filters).selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(filters.limit ?? 200).offset(filters.offset ?? 0).execute();
}

/** How many of the organization's assignments pass the filters (paging aside). */
export async function countAssignments(db: Kysely<Database>, organizationId: number, filters: AssignmentFilters = {}): Promise<number> {
  const row = await filtered(db, organizationId, filters).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The driver a fleet fine of the organization is matched to (null: nobody), or undefined when it is not one of its fleet's fines. */
export async function fineDriver(db: Kysely<Database>, organizationId: number, fineId: number): Promise<{ driverId: number | null; bearer: string | null } | undefined> {
  const row = await db.selectFrom('fleet_fine_drivers').select(['driver_id', 'bearer']).where('organization_id', '=', organizationId).where('fine_id', '=', fineId).executeTakeFirst();
  return row === undefined ? undefined : { driverId: row.driver_id, bearer: row.bearer };
}

/** Removes an assignment of the organization; answers its vehicle, or undefined when it was not there. */
export async function removeAssignment(db: Kysely<Database>, organizationId: number, id: number): Promise<number | undefined> {
  const deleted = await db.deleteFrom('fleet_assignments').where('id', '=', id).where('organization_id', '=', organizationId).returning('vehicle_id').executeTakeFirst();
  return deleted?.vehicle_id;
}

/** The organization's driver by id (undefined for anyone else's). */
export function ownDriver(db: Kysely<Database>, organizationId: number, id: number): Promise<FleetDriverRow | undefined> {
  return db.selectFrom('fleet_drivers').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
}

/** The organization's vehicle by id (undefined for anyone else's). */
export function ownVehicle(db: Kysely<Database>, organizationId: number, id: number): Promise<FleetVehicleRow | undefined> {
  return db.selectFrom('fleet_vehicles').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
}

/** Sets a driver's e-mail (null: not told) and name; answers the row, or undefined for another organization's driver. */
export async function updateDriver(db: Kysely<Database>, organizationId: number, id: number, changes: { email?: string | null; fullName?: string }): Promise<FleetDriverRow | undefined> {
  const set = { ...(changes.email === undefined ? {} : { email: changes.email }), ...(changes.fullName === undefined ? {} : { full_name: changes.fullName }) };
  if (Object.keys(set).length === 0) return ownDriver(db, organizationId, id);
  return db.updateTable('fleet_drivers').set(set).where('id', '=', id).where('organization_id', '=', organizationId).returningAll().executeTakeFirst();
}

/** Turns driver mails on (from now: older fines are not mailed) or off. */
export async function setNotifyDrivers(db: Kysely<Database>, organizationId: number, on: boolean, now: Date): Promise<void> {
  await db
    .updateTable('organizations')
    .set(on ? { notify_drivers: true, notify_drivers_since: sql<Date>`coalesce(case when notify_drivers then notify_drivers_since end, ${now})` } : { notify_drivers: false })
    .where('id', '=', organizationId)
    .execute();
}

/** How many of the organization's fleet fines have no driver yet (fines of vehicles and licences still in the fleet). */
export async function unmatchedCount(db: Kysely<Database>, organizationId: number): Promise<number> {
  const row = await sql<{ n: string }>`
    select count(*) as n from fleet_fine_drivers m join fines f on f.id = m.fine_id
    where m.organization_id = ${organizationId} and m.driver_id is null
      and (exists (select 1 from fleet_vehicles v where v.organization_id = ${organizationId} and v.subject_key = f.subject_key)
        or exists (select 1 from fleet_drivers d where d.organization_id = ${organizationId} and d.subject_key = f.subject_key))`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Records who bears a fleet fine of the organization; false when the fine is not one of its fleet's. */
export async function setBearer(db: Kysely<Database>, organizationId: number, fineId: number, bearer: 'company' | 'driver'): Promise<boolean> {
  const updated = await db.updateTable('fleet_fine_drivers').set({ bearer }).where('organization_id', '=', organizationId).where('fine_id', '=', fineId).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
