import type { Kysely, Selectable } from 'kysely';
import type { FleetDriver, FleetVehicle } from '../../src/api/structs/organization.ts';
import type { Database, FleetDriversTable, FleetVehiclesTable } from '../db/schema.ts';
import type { FinesProvider } from '../providers/fines/provider.ts';
import { ApiError } from '../http/apiError.ts';

/** Vehicles and drivers per organization at most (a fleet, not a registry). */
export const FLEET_LIMIT = 10_000;

/** Rows. */
export type FleetVehicleRow = Selectable<FleetVehiclesTable>;
export type FleetDriverRow = Selectable<FleetDriversTable>;

/** The reply shape of a fleet vehicle. */
export function toFleetVehicle(row: FleetVehicleRow): FleetVehicle {
  return {
    id: row.id,
    organizationId: row.organization_id,
    sts: row.sts,
    vehiclePlateNumber: row.plate_number,
    vehiclePlateRegion: row.plate_region,
    vehiclePlate: `${row.plate_number} ${row.plate_region}`,
    model: row.model,
  };
}

/** The reply shape of a fleet driver. */
export function toFleetDriver(row: FleetDriverRow): FleetDriver {
  return { id: row.id, organizationId: row.organization_id, driverLicense: row.number, fullName: row.full_name };
}

/** A vehicle to add (numbers normalised and valid). */
export type VehicleToAdd = { sts: string; plateNumber: string; plateRegion: string; model: string | null };

/**
 * Adds vehicles to an organization in one transaction; ones already in the fleet (by СТС) are left as
 * they are. Answers how many were added. Over FLEET_LIMIT: 422, nothing added.
 */
export async function addVehicles(db: Kysely<Database>, fines: Pick<FinesProvider, 'subjectKey'>, organizationId: number, vehicles: readonly VehicleToAdd[], now: Date): Promise<FleetVehicleRow[]> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
    const have = await tx.selectFrom('fleet_vehicles').select((eb) => eb.fn.countAll<string>().as('n')).where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    if (Number(have.n) + vehicles.length > FLEET_LIMIT) throw new ApiError(422, `В одной организации может быть не больше ${FLEET_LIMIT} автомобилей`);
    const added: FleetVehicleRow[] = [];
    for (let i = 0; i < vehicles.length; i += 500) {
      const rows = vehicles.slice(i, i + 500).map((v) => ({
        organization_id: organizationId,
        sts: v.sts,
        plate_number: v.plateNumber,
        plate_region: v.plateRegion,
        model: v.model,
        subject_key: fines.subjectKey({ kind: 'sts', sts: v.sts, plateNumber: v.plateNumber, plateRegion: v.plateRegion }),
        created_at: now,
      }));
      added.push(...(await tx.insertInto('fleet_vehicles').values(rows).onConflict((oc) => oc.columns(['organization_id', 'sts']).doNothing()).returningAll().execute()));
    }
    return added;
  });
}

/** Adds a driver; one already in the fleet (by licence) is answered as it is. */
export async function addDriver(db: Kysely<Database>, fines: Pick<FinesProvider, 'subjectKey'>, organizationId: number, number: string, fullName: string | null, now: Date): Promise<{ row: FleetDriverRow; added: boolean }> {
  const inserted = await db
    .insertInto('fleet_drivers')
    .values({ organization_id: organizationId, number, full_name: fullName, subject_key: fines.subjectKey({ kind: 'dl', driverLicense: number }), created_at: now })
    .onConflict((oc) => oc.columns(['organization_id', 'number']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted !== undefined) return { row: inserted, added: true };
  const row = await db.selectFrom('fleet_drivers').selectAll().where('organization_id', '=', organizationId).where('number', '=', number).executeTakeFirstOrThrow();
  return { row, added: false };
}

/** An organization's vehicles, in the order they were added. */
export function listVehicles(db: Kysely<Database>, organizationId: number): Promise<FleetVehicleRow[]> {
  return db.selectFrom('fleet_vehicles').selectAll().where('organization_id', '=', organizationId).orderBy('id').execute();
}

/** The organization's vehicle with this СТС (undefined when there is none). */
export function vehicleBySts(db: Kysely<Database>, organizationId: number, sts: string): Promise<FleetVehicleRow | undefined> {
  return db.selectFrom('fleet_vehicles').selectAll().where('organization_id', '=', organizationId).where('sts', '=', sts).executeTakeFirst();
}

/** Which of these СТС the organization's fleet already has. */
export async function fleetStsAmong(db: Kysely<Database>, organizationId: number, sts: readonly string[]): Promise<Set<string>> {
  if (sts.length === 0) return new Set();
  const rows = await db.selectFrom('fleet_vehicles').select('sts').where('organization_id', '=', organizationId).where('sts', 'in', [...sts]).execute();
  return new Set(rows.map((row) => row.sts));
}

/** An organization's driver licences, in the order they were added. */
export function listDrivers(db: Kysely<Database>, organizationId: number): Promise<FleetDriverRow[]> {
  return db.selectFrom('fleet_drivers').selectAll().where('organization_id', '=', organizationId).orderBy('id').execute();
}

/** One page of the organization's drivers (in the order they were added) and how many there are. */
export async function pageOfDrivers(db: Kysely<Database>, organizationId: number, page: number, showBy: number): Promise<{ rows: FleetDriverRow[]; total: number }> {
  const base = db.selectFrom('fleet_drivers').where('organization_id', '=', organizationId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id').limit(showBy).offset((page - 1) * showBy).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Removes a vehicle or a driver of the organization; answers whether it was there. */
export async function removeFleetItem(db: Kysely<Database>, kind: 'vehicle' | 'driver', organizationId: number, id: number): Promise<boolean> {
  const table = kind === 'vehicle' ? 'fleet_vehicles' : 'fleet_drivers';
  const deleted = await db.deleteFrom(table).where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
