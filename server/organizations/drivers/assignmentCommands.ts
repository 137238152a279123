import type { FleetAssignment } from '../../../src/api/structs/fleetDrivers.ts';
import { plateRegionTimeZone } from '../../../src/lib/legalFacts/regionTimeZones.ts';
import { zonedInstant } from '../../../src/lib/zonedTime.ts';
import type { AppDeps } from '../../appDeps.ts';
import { todayOf } from '../../fines/fineStore.ts';
import { ApiError, notFound } from '../../http/apiError.ts';
import { addAssignments, ownDriver, ownVehicle, removeAssignment, spanProblem, toAssignment } from './assignmentStore.ts';
import { matchOrganizationFines } from './driverMatching.ts';

/** Matches again the fines of vehicles whose assignments changed. */
export function rematchVehicles(deps: AppDeps, organizationId: number, vehicleIds: readonly number[]): Promise<unknown> {
  return matchOrganizationFines(deps.db, organizationId, deps.clock(), todayOf(deps), { vehicleIds });
}

/**
 * Adds one assignment of the organization (the cabinet's form and the API): its vehicle and driver
 * (another organization's: 404), wall-clock times read in the zone of the plate's region, a span that
 * makes sense (422), no overlap with the vehicle's other assignments (409); then its fines are matched.
 */
export async function createAssignment(deps: AppDeps, organizationId: number, input: { vehicleId: number; driverId: number; startsAt: string; endsAt: string }): Promise<FleetAssignment> {
  const [vehicle, driver] = await Promise.all([ownVehicle(deps.db, organizationId, input.vehicleId), ownDriver(deps.db, organizationId, input.driverId)]);
  if (vehicle === undefined || driver === undefined) throw notFound();
  const timeZone = plateRegionTimeZone(vehicle.plate_region);
  const startsAt = zonedInstant(input.startsAt, timeZone);
  const endsAt = zonedInstant(input.endsAt, timeZone);
  const problem = spanProblem(startsAt, endsAt);
  if (problem !== undefined) throw new ApiError(422, problem);
  const [added] = await addAssignments(deps.db, organizationId, [{ vehicleId: vehicle.id, driverId: driver.id, startsAt, endsAt, timeZone }], deps.clock());
  if (added === undefined) throw new ApiError(409, 'Такой путевой лист уже есть');
  await rematchVehicles(deps, organizationId, [vehicle.id]);
  return toAssignment(added, vehicle, driver);
}

/** Removes an assignment of the organization and matches its vehicle's fines again; false when there was none. */
export async function deleteAssignment(deps: AppDeps, organizationId: number, id: number): Promise<boolean> {
  const vehicleId = await removeAssignment(deps.db, organizationId, id);
  if (vehicleId === undefined) return false;
  await rematchVehicles(deps, organizationId, [vehicleId]);
  return true;
}
