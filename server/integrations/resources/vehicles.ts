import { FleetVehicleAdded, FleetVehicleInput } from '../../../src/api/structs/organization.ts';
import { DeletedReply } from '../../../src/api/structs/sts.ts';
import { ApiVehiclesReply, PageQuery } from '../../../src/api/structs/integrations.ts';
import { notFound } from '../../http/apiError.ts';
import { ok } from '../../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../../http/input.ts';
import { pathId } from '../../http/pathId.ts';
import { addVehicles, removeFleetItem, toFleetVehicle, vehicleBySts } from '../../organizations/fleetStore.ts';
import type { ApiResource } from '../apiResource.ts';

/** The key's fleet vehicles: list (paged), add, remove. */
export const vehiclesResource: ApiResource = {
  name: 'vehicles',
  tag: 'API: автомобили',
  calls: [
    {
      method: 'get',
      path: '/vehicles',
      write: false,
      action: 'api.vehicles.list',
      summary: 'Автомобили автопарка (page, showBy до 500)',
      query: PageQuery,
      reply: ApiVehiclesReply,
      errors: [400],
      async handle(c, { deps, caller }) {
        const query = parseInput(PageQuery, queryInput(c), 400);
        const page = query.page ?? 1;
        const showBy = Math.min(query.showBy ?? 100, 500);
        const base = deps.db.selectFrom('fleet_vehicles').where('organization_id', '=', caller.organizationId);
        const [rows, count] = await Promise.all([
          base.selectAll().orderBy('id').limit(showBy).offset((page - 1) * showBy).execute(),
          base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        ]);
        return ok(c, { items: rows.map(toFleetVehicle), total: Number(count.n), page, showBy });
      },
    },
    {
      method: 'post',
      path: '/vehicles',
      write: true,
      action: 'api.vehicles.add',
      summary: 'Добавить автомобиль (уже добавленный по СТС возвращается как есть, added=false)',
      body: FleetVehicleInput,
      reply: FleetVehicleAdded,
      errors: [422],
      async handle(c, { deps, caller }) {
        const input = parseInput(FleetVehicleInput, await bodyInput(c));
        const [added] = await addVehicles(deps.db, deps.fines, caller.organizationId, [{ sts: input.sts, plateNumber: input.vehiclePlateNumber, plateRegion: input.vehiclePlateRegion, model: input.model ?? null }], deps.clock());
        const row = added ?? (await vehicleBySts(deps.db, caller.organizationId, input.sts));
        if (row === undefined) throw notFound();
        return ok(c, { item: toFleetVehicle(row), added: added !== undefined });
      },
    },
    {
      method: 'delete',
      path: '/vehicles/:vehicleId',
      write: true,
      action: 'api.vehicles.remove',
      summary: 'Удалить автомобиль',
      reply: DeletedReply,
      errors: [400, 404],
      async handle(c, { deps, caller }) {
        const id = pathId(c, 'vehicleId');
        if (!(await removeFleetItem(deps.db, 'vehicle', caller.organizationId, id))) throw notFound();
        return ok(c, { deleted: id });
      },
    },
  ],
};
