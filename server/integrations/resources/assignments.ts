import { FleetAssignmentAdded, FleetAssignmentInput } from '../../../src/api/structs/fleetDrivers.ts';
import { DeletedReply } from '../../../src/api/structs/sts.ts';
import { ApiAssignmentsQuery, ApiAssignmentsReply } from '../../../src/api/structs/integrations.ts';
import { zonedInstant } from '../../../src/lib/zonedTime.ts';
import { ApiError, notFound } from '../../http/apiError.ts';
import { ok } from '../../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../../http/input.ts';
import { pathId } from '../../http/pathId.ts';
import { createAssignment, deleteAssignment } from '../../organizations/drivers/assignmentCommands.ts';
import { countAssignments, listAssignments, ownDriver, ownVehicle, toAssignment } from '../../organizations/drivers/assignmentStore.ts';
import type { AssignmentFilters } from '../../organizations/drivers/assignmentStore.ts';
import { listDrivers, listVehicles } from '../../organizations/fleetStore.ts';
import type { ApiContext, ApiResource } from '../apiResource.ts';

/** The zone the period's days are read in. */
const PERIOD_ZONE = 'Europe/Moscow';

/** The day after YYYY-MM-DD. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The list's filters from its query: another organization's vehicle or driver is a 404; a period that ends before it starts, 422. */
async function filtersOf(context: ApiContext, query: ApiAssignmentsQuery): Promise<AssignmentFilters> {
  const { deps, caller } = context;
  if (query.vehicle !== undefined && (await ownVehicle(deps.db, caller.organizationId, query.vehicle)) === undefined) throw notFound();
  if (query.driver !== undefined && (await ownDriver(deps.db, caller.organizationId, query.driver)) === undefined) throw notFound();
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) throw new ApiError(422, 'Конец периода раньше его начала');
  return {
    ...(query.vehicle === undefined ? {} : { vehicleId: query.vehicle }),
    ...(query.driver === undefined ? {} : { driverId: query.driver }),
    ...(query.from === undefined ? {} : { from: zonedInstant(`${query.from}T00:00`, PERIOD_ZONE) }),
    ...(query.to === undefined ? {} : { to: zonedInstant(`${nextDay(query.to)}T00:00`, PERIOD_ZONE) }),
  };
}

/** The key's assignments (waybills): who drove which vehicle when — list with filters and paging, add, remove. */
export const assignmentsResource: ApiResource = {
  name: 'assignments',
  tag: 'API: путевые листы',
  calls: [
    {
      method: 'get',
      path: '/assignments',
      write: false,
      action: 'api.assignments.list',
      summary: 'Путевые листы: vehicle, driver, период from–to (YYYY-MM-DD по Москве, включительно; листы, пересекающие период), page, showBy до 500; поздние сначала',
      query: ApiAssignmentsQuery,
      reply: ApiAssignmentsReply,
      errors: [400, 404, 422],
      async handle(c, context) {
        const { deps, caller } = context;
        const query = parseInput(ApiAssignmentsQuery, queryInput(c), 400);
        const page = query.page ?? 1;
        const showBy = Math.min(query.showBy ?? 100, 500);
        const filters = await filtersOf(context, query);
        const [rows, total, vehicles, drivers] = await Promise.all([
          listAssignments(deps.db, caller.organizationId, { ...filters, limit: showBy, offset: (page - 1) * showBy }),
          countAssignments(deps.db, caller.organizationId, filters),
          listVehicles(deps.db, caller.organizationId),
          listDrivers(deps.db, caller.organizationId),
        ]);
        const vehicleById = new Map(vehicles.map((v) => [v.id, v]));
        const driverById = new Map(drivers.map((d) => [d.id, d]));
        return ok(c, { items: rows.map((a) => toAssignment(a, vehicleById.get(a.vehicle_id), driverById.get(a.driver_id))), total, page, showBy });
      },
    },
    {
      method: 'post',
      path: '/assignments',
      write: true,
      action: 'api.assignments.add',
      summary: 'Добавить путевой лист: vehicleId, driverId, startsAt и endsAt (YYYY-MM-DDTHH:MM по времени региона номера); штрафы автомобиля сопоставляются с водителем заново',
      body: FleetAssignmentInput,
      reply: FleetAssignmentAdded,
      errors: [404, 409, 422],
      async handle(c, { deps, caller }) {
        const input = parseInput(FleetAssignmentInput, await bodyInput(c));
        return ok(c, { item: await createAssignment(deps, caller.organizationId, input) });
      },
    },
    {
      method: 'delete',
      path: '/assignments/:assignmentId',
      write: true,
      action: 'api.assignments.remove',
      summary: 'Удалить путевой лист (штрафы автомобиля сопоставляются заново)',
      reply: DeletedReply,
      errors: [400, 404],
      async handle(c, { deps, caller }) {
        const id = pathId(c, 'assignmentId');
        if (!(await deleteAssignment(deps, caller.organizationId, id))) throw notFound();
        return ok(c, { deleted: id });
      },
    },
  ],
};
