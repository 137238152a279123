import { FleetDriverUpdate, FleetDriverUpdated } from '../../../src/api/structs/fleetDrivers.ts';
import { DeletedReply } from '../../../src/api/structs/sts.ts';
import { ApiDriverAdded, ApiDriverInput, ApiDriversReply, PageQuery } from '../../../src/api/structs/integrations.ts';
import { notFound } from '../../http/apiError.ts';
import { ok } from '../../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../../http/input.ts';
import { pathId } from '../../http/pathId.ts';
import { toDriverCard, updateDriver } from '../../organizations/drivers/assignmentStore.ts';
import { addDriver, pageOfDrivers, removeFleetItem } from '../../organizations/fleetStore.ts';
import type { ApiResource } from '../apiResource.ts';

/** The e-mail change of an input: '' clears it (the driver is not mailed), absent leaves it. */
const emailChange = (email: string | undefined) => (email === undefined ? {} : { email: email === '' ? null : email });

/** The key's fleet drivers: list (paged), add, change the name and e-mail, remove. */
export const driversResource: ApiResource = {
  name: 'drivers',
  tag: 'API: водители',
  calls: [
    {
      method: 'get',
      path: '/drivers',
      write: false,
      action: 'api.drivers.list',
      summary: 'Водители автопарка (page, showBy до 500), в порядке добавления',
      query: PageQuery,
      reply: ApiDriversReply,
      errors: [400],
      async handle(c, { deps, caller }) {
        const query = parseInput(PageQuery, queryInput(c), 400);
        const page = query.page ?? 1;
        const showBy = Math.min(query.showBy ?? 100, 500);
        const { rows, total } = await pageOfDrivers(deps.db, caller.organizationId, page, showBy);
        return ok(c, { items: rows.map(toDriverCard), total, page, showBy });
      },
    },
    {
      method: 'post',
      path: '/drivers',
      write: true,
      action: 'api.drivers.add',
      summary: 'Добавить водителя по ВУ (уже добавленный возвращается как есть, added=false; имя и e-mail тогда не меняются)',
      body: ApiDriverInput,
      reply: ApiDriverAdded,
      errors: [422],
      async handle(c, { deps, caller }) {
        const input = parseInput(ApiDriverInput, await bodyInput(c));
        const { row, added } = await addDriver(deps.db, deps.fines, caller.organizationId, input.driverLicense, input.fullName ?? null, deps.clock());
        const saved = added ? await updateDriver(deps.db, caller.organizationId, row.id, emailChange(input.email)) : row;
        return ok(c, { item: toDriverCard(saved ?? row), added });
      },
    },
    {
      method: 'patch',
      path: '/drivers/:driverId',
      write: true,
      action: 'api.drivers.update',
      summary: 'Изменить ФИО и e-mail водителя (пустой e-mail: письма о штрафах не отправляются)',
      body: FleetDriverUpdate,
      reply: FleetDriverUpdated,
      errors: [400, 404, 422],
      async handle(c, { deps, caller }) {
        const id = pathId(c, 'driverId');
        const input = parseInput(FleetDriverUpdate, await bodyInput(c));
        const row = await updateDriver(deps.db, caller.organizationId, id, { ...emailChange(input.email), ...(input.fullName === undefined ? {} : { fullName: input.fullName }) });
        if (row === undefined) throw notFound();
        return ok(c, { item: toDriverCard(row) });
      },
    },
    {
      method: 'delete',
      path: '/drivers/:driverId',
      write: true,
      action: 'api.drivers.remove',
      summary: 'Удалить водителя (с его путевыми листами)',
      reply: DeletedReply,
      errors: [400, 404],
      async handle(c, { deps, caller }) {
        const id = pathId(c, 'driverId');
        if (!(await removeFleetItem(deps.db, 'driver', caller.organizationId, id))) throw notFound();
        return ok(c, { deleted: id });
      },
    },
  ],
};
