import type { Context } from 'hono';
import { Hono } from 'hono';
import { organizationOfPath } from '../organizations/organizationOfPath.ts';
import { DriverSettingsInput, DriverStatementQuery, FineBearerInput, FleetAssignmentInput, FleetDriverUpdate } from '../../src/api/structs/fleetDrivers.ts';
import type { AppDeps } from '../appDeps.ts';
import { todayOf } from '../fines/fineStore.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { enforceLimit } from '../http/rateLimit.ts';
import {
  addAssignments,
  assignmentsNear,
  fineDriver,
  listAssignments,
  ownDriver,
  setBearer,
  setNotifyDrivers,
  toAssignment,
  toDriverCard,
  unmatchedCount,
  updateDriver,
} from '../organizations/drivers/assignmentStore.ts';
import { createAssignment, deleteAssignment, rematchVehicles } from '../organizations/drivers/assignmentCommands.ts';
import { matchOrganizationFines } from '../organizations/drivers/driverMatching.ts';
import { driverStatement } from '../organizations/drivers/driverStatement.ts';
import { statementPdf, statementXlsx } from '../organizations/drivers/statementFiles.ts';
import { assignmentsOf, checkAgainstExisting, readWaybillRows } from '../organizations/drivers/waybillImport.ts';
import { IMPORT_LIMIT } from '../organizations/fleetImport.ts';
import { addDriver, listDrivers, listVehicles } from '../organizations/fleetStore.ts';
import { uploadedRows } from '../spreadsheets/uploadedRows.ts';
import { DEFAULT_IMPORT_RATE_LIMIT, ROWS_TO_READ } from './fleet.ts';

/** Who drove and who pays (issue 26 §1–2): drivers' e-mails, assignments and waybill import, who bears each fine, monthly statements. */
export function fleetDriverRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  routes.use('/organization/*', requireUser(deps));

  const organizationOf = (c: Context<AppEnv>) => organizationOfPath(deps, c);
  const rematch = (organizationId: number, vehicleIds: readonly number[]) => rematchVehicles(deps, organizationId, vehicleIds);
  /** The board's assignments with their vehicles' plates and drivers' names. */
  const board = async (organizationId: number, notifyDrivers: boolean) => {
    const [drivers, vehicles, assignments] = await Promise.all([listDrivers(db, organizationId), listVehicles(db, organizationId), listAssignments(db, organizationId)]);
    const vehicleById = new Map(vehicles.map((v) => [v.id, v]));
    const driverById = new Map(drivers.map((d) => [d.id, d]));
    await matchOrganizationFines(db, organizationId, clock(), todayOf(deps), { onlyNew: true });
    return {
      drivers: drivers.map(toDriverCard),
      assignments: assignments.map((a) => toAssignment(a, vehicleById.get(a.vehicle_id), driverById.get(a.driver_id))),
      notifyDrivers,
      unmatched: await unmatchedCount(db, organizationId),
    };
  };

  routes.get('/organization/:id/drivers/board', async (c) => {
    const organization = await organizationOf(c);
    return ok(c, await board(organization.id, organization.notify_drivers));
  });

  routes.post('/organization/:id/drivers/:driverId', async (c) => {
    const organization = await organizationOf(c);
    const input = parseInput(FleetDriverUpdate, await bodyInput(c));
    const row = await updateDriver(db, organization.id, pathId(c, 'driverId'), {
      ...(input.email === undefined ? {} : { email: input.email === '' ? null : input.email }),
      ...(input.fullName === undefined ? {} : { fullName: input.fullName }),
    });
    if (row === undefined) throw notFound();
    return ok(c, { item: toDriverCard(row) });
  });

  routes.post('/organization/:id/driver-settings', async (c) => {
    const organization = await organizationOf(c);
    const input = parseInput(DriverSettingsInput, await bodyInput(c));
    await setNotifyDrivers(db, organization.id, input.notifyDrivers === 1, clock());
    return ok(c, { notifyDrivers: input.notifyDrivers === 1 });
  });

  routes.post('/organization/:id/assignments', async (c) => {
    const organization = await organizationOf(c);
    const input = parseInput(FleetAssignmentInput, await bodyInput(c));
    return ok(c, { item: await createAssignment(deps, organization.id, input) });
  });

  routes.delete('/organization/:id/assignments/:assignmentId', async (c) => {
    const organization = await organizationOf(c);
    const id = pathId(c, 'assignmentId');
    if (!(await deleteAssignment(deps, organization.id, id))) throw notFound();
    return ok(c, { deleted: id });
  });

  routes.post('/organization/:id/waybills/import', async (c) => {
    const organization = await organizationOf(c);
    // The same hourly budget as the vehicle import: both read an uploaded file.
    await enforceLimit(c, deps.limiter, 'fleet-import', String(userOf(c)), { limit: deps.importRateLimit ?? DEFAULT_IMPORT_RATE_LIMIT, windowMs: 3_600_000 });
    const { cells, preview } = await uploadedRows(c, ROWS_TO_READ);
    const [vehicles, drivers] = await Promise.all([listVehicles(db, organization.id), listDrivers(db, organization.id)]);
    const read = readWaybillRows(cells, { vehicles, drivers });
    if (read.length === 0) throw new ApiError(422, 'В файле нет строк с путевыми листами');
    if (read.length > IMPORT_LIMIT) throw new ApiError(422, `В одном файле — не больше ${IMPORT_LIMIT} строк`);
    const spans = read.flatMap((line) => (line.toAdd === undefined ? [] : [line.toAdd]));
    const existing =
      spans.length === 0
        ? []
        : await assignmentsNear(db, organization.id, spans.map((s) => s.vehicleId), new Date(Math.min(...spans.map((s) => s.startsAt.getTime()))), new Date(Math.max(...spans.map((s) => s.endsAt.getTime()))));
    const lines = checkAgainstExisting(read, existing);
    if (preview) return ok(c, { rows: lines.map((line) => line.row), added: 0, preview: true });
    // New licences become drivers of the fleet first (their fines are looked up like any driver's).
    const licences = new Map<string, number>();
    for (const line of lines) {
      const toAdd = line.toAdd;
      if (toAdd === undefined || line.row.status !== 'ready' || toAdd.driverId !== null || licences.has(toAdd.licence)) continue;
      licences.set(toAdd.licence, (await addDriver(db, deps.fines, organization.id, toAdd.licence, toAdd.fullName, clock())).row.id);
    }
    const added = await addAssignments(db, organization.id, assignmentsOf(lines, (licence) => licences.get(licence)), clock());
    await rematch(organization.id, added.map((a) => a.vehicle_id));
    return ok(c, { rows: lines.map((line) => (line.row.status === 'ready' ? { ...line.row, status: 'added' as const } : line.row)), added: added.length, preview: false });
  });

  routes.post('/organization/:id/fines/:fineId/bearer', async (c) => {
    const organization = await organizationOf(c);
    const input = parseInput(FineBearerInput, await bodyInput(c));
    const fineId = pathId(c, 'fineId');
    await matchOrganizationFines(db, organization.id, clock(), todayOf(deps), { onlyNew: true });
    const match = await fineDriver(db, organization.id, fineId);
    if (match === undefined) throw notFound();
    if (input.bearer === 'driver' && match.driverId === null) throw new ApiError(422, 'Сначала укажите, кто был за рулём: добавьте путевой лист на время нарушения');
    await setBearer(db, organization.id, fineId, input.bearer);
    return ok(c, { fineId, bearer: input.bearer });
  });

  routes.get('/organization/:id/drivers/:driverId/statement', async (c) => {
    const organization = await organizationOf(c);
    const driver = await ownDriver(db, organization.id, pathId(c, 'driverId'));
    if (driver === undefined) throw notFound();
    const query = parseInput(DriverStatementQuery, queryInput(c), 400);
    const statement = await driverStatement(deps, organization, driver, query.month, query.pay ?? null);
    const filename = `vedomost-voditelya-${driver.id}-${query.month}.${query.format}`;
    const body = query.format === 'pdf' ? new Uint8Array(await statementPdf(statement)) : await statementXlsx(statement);
    return c.body(body, 200, {
      'Content-Type': query.format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
  });

  return routes;
}
