import type { Context } from 'hono';
import { Hono } from 'hono';
import { organizationOfPath } from '../organizations/organizationOfPath.ts';
import { FleetDriverInput, FleetExportQuery, FleetFinesQuery, FleetVehicleInput } from '../../src/api/structs/organization.ts';
import { allFleetFines, exportFile } from '../organizations/fleetExport.ts';
import { fleetAnalytics } from '../organizations/fleetAnalytics.ts';
import { FleetAnalyticsQuery } from '../../src/api/structs/fleetAnalytics.ts';
import { todayOf } from '../fines/fineStore.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { IMPORT_LIMIT, importOutcome, readVehicleRows } from '../organizations/fleetImport.ts';
import { uploadedRows } from '../spreadsheets/uploadedRows.ts';
import { enforceLimit } from '../http/rateLimit.ts';
import { listFleetFines } from '../organizations/fleetFines.ts';
import { addDriver, addVehicles, fleetStsAmong, listDrivers, listVehicles, removeFleetItem, toFleetDriver, toFleetVehicle, vehicleBySts } from '../organizations/fleetStore.ts';

/** Largest import file: an XLSX of a couple of thousand vehicles is far below it. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** Import uploads (previews included: each is a file to read) per account per hour unless IMPORT_RATE_LIMIT says otherwise. */
export const DEFAULT_IMPORT_RATE_LIMIT = 20;

/** Rows read from a file at most: a header and one row over the limit are enough to refuse it. */
export const ROWS_TO_READ = IMPORT_LIMIT + 2;

/** An organization's fleet (vehicles, drivers, import) and the fines of the account's fleets. */
export function fleetRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  routes.use('/organization/*', requireUser(deps));

  const organizationOf = (c: Context<AppEnv>) => organizationOfPath(deps, c);

  routes.get('/organization/fines', async (c) => {
    const query = parseInput(FleetFinesQuery, queryInput(c), 400);
    return ok(
      c,
      await listFleetFines(deps, userOf(c), {
        organization: query.organization,
        vehicle: query.vehicle,
        driver: query.driver,
        paid: query.paid,
        discount: query.discount === '1',
        page: query.page ?? 1,
        showBy: Math.min(query.showBy ?? 50, 100),
      }),
    );
  });

  // The fleet's fines as a file (spreadsheets for the accountant): the list's filters, masked as the list is.
  routes.get('/organization/fines/export', async (c) => {
    const query = parseInput(FleetExportQuery, queryInput(c), 400);
    const fines = await allFleetFines(deps, userOf(c), { organization: query.organization, vehicle: query.vehicle, driver: query.driver, paid: query.paid, discount: query.discount === '1' });
    const file = await exportFile(fines, query.format, todayOf(deps));
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    });
  });

  // /fine-analytics/: the fleet's fines grouped by month, article, vehicle and driver, and the discount's savings.
  routes.get('/organization/fines/analytics', async (c) => {
    const query = parseInput(FleetAnalyticsQuery, queryInput(c), 400);
    return ok(c, await fleetAnalytics(deps, userOf(c), query.organization));
  });

  routes.get('/organization/:id/fines', async (c) => {
    const organization = await organizationOf(c);
    const query = parseInput(FleetFinesQuery, queryInput(c), 400);
    return ok(
      c,
      await listFleetFines(deps, userOf(c), {
        organization: organization.id,
        vehicle: query.vehicle,
        driver: query.driver,
        paid: query.paid,
        discount: query.discount === '1',
        page: query.page ?? 1,
        showBy: Math.min(query.showBy ?? 50, 100),
      }),
    );
  });

  routes.get('/organization/:id/vehicles', async (c) => {
    const organization = await organizationOf(c);
    return ok(c, { items: (await listVehicles(db, organization.id)).map(toFleetVehicle) });
  });

  routes.post('/organization/:id/vehicles', async (c) => {
    const organization = await organizationOf(c);
    const input = parseInput(FleetVehicleInput, await bodyInput(c));
    const [added] = await addVehicles(db, deps.fines, organization.id, [{ sts: input.sts, plateNumber: input.vehiclePlateNumber, plateRegion: input.vehiclePlateRegion, model: input.model ?? null }], clock());
    const row = added ?? (await vehicleBySts(db, organization.id, input.sts));
    if (row === undefined) throw notFound();
    return ok(c, { item: toFleetVehicle(row), added: added !== undefined });
  });

  routes.delete('/organization/:id/vehicles/:vehicleId', async (c) => {
    const organization = await organizationOf(c);
    const id = pathId(c, 'vehicleId');
    if (!(await removeFleetItem(db, 'vehicle', organization.id, id))) throw notFound();
    return ok(c, { deleted: id });
  });

  routes.post('/organization/:id/vehicles/import', async (c) => {
    const organization = await organizationOf(c);
    // Reading a file is the costliest thing an account can ask for: a few an hour are plenty for a fleet.
    await enforceLimit(c, deps.limiter, 'fleet-import', String(userOf(c)), { limit: deps.importRateLimit ?? DEFAULT_IMPORT_RATE_LIMIT, windowMs: 3_600_000 });
    const { cells, preview } = await uploadedRows(c, ROWS_TO_READ);
    const rows = readVehicleRows(cells);
    if (rows.length === 0) throw new ApiError(422, 'В файле нет строк с автомобилями');
    if (rows.length > IMPORT_LIMIT) throw new ApiError(422, `В одном файле — не больше ${IMPORT_LIMIT} строк`);
    const valid = rows.filter((row) => row.error === null);
    const had = await fleetStsAmong(db, organization.id, valid.map((row) => row.sts));
    if (preview) return ok(c, { rows: importOutcome(rows, had), added: 0, preview: true });
    const added = await addVehicles(
      db,
      deps.fines,
      organization.id,
      valid.map((row) => ({ sts: row.sts, plateNumber: row.vehiclePlateNumber, plateRegion: row.vehiclePlateRegion, model: row.model })),
      clock(),
    );
    return ok(c, { rows: importOutcome(rows, had, new Set(added.map((row) => row.sts))), added: added.length, preview: false });
  });

  routes.get('/organization/:id/drivers', async (c) => {
    const organization = await organizationOf(c);
    return ok(c, { items: (await listDrivers(db, organization.id)).map(toFleetDriver) });
  });

  routes.post('/organization/:id/drivers', async (c) => {
    const organization = await organizationOf(c);
    const input = parseInput(FleetDriverInput, await bodyInput(c));
    const { row, added } = await addDriver(db, deps.fines, organization.id, input.driverLicense, input.fullName ?? null, clock());
    return ok(c, { item: toFleetDriver(row), added });
  });

  routes.delete('/organization/:id/drivers/:driverId', async (c) => {
    const organization = await organizationOf(c);
    const id = pathId(c, 'driverId');
    if (!(await removeFleetItem(db, 'driver', organization.id, id))) throw notFound();
    return ok(c, { deleted: id });
  });

  return routes;
}
