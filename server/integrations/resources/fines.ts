import { FleetFinesReply } from '../../../src/api/structs/organization.ts';
import { ApiFineReply, ApiFinesQuery } from '../../../src/api/structs/integrations.ts';
import { notFound } from '../../http/apiError.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput, queryInput } from '../../http/input.ts';
import { pathId } from '../../http/pathId.ts';
import { listFleetFines } from '../../organizations/fleetFines.ts';
import type { ApiResource } from '../apiResource.ts';
import { fleetFineViews } from '../fleetFineView.ts';

/** The key's fleet fines: a filtered page with totals (as the cabinet's table), and one fine. */
export const finesResource: ApiResource = {
  name: 'fines',
  tag: 'API: штрафы',
  calls: [
    {
      method: 'get',
      path: '/fines',
      write: false,
      action: 'api.fines.list',
      summary: 'Штрафы автопарка: vehicle, paid (0/1), discount=1 (скидка действует), page, showBy до 100; новые сначала, с итогами',
      query: ApiFinesQuery,
      reply: FleetFinesReply,
      errors: [400, 404],
      async handle(c, { deps, caller }) {
        const query = parseInput(ApiFinesQuery, queryInput(c), 400);
        // The cabinet's own list, as the organization's owner sees it: another organization's vehicle is a 404 there.
        return ok(
          c,
          await listFleetFines(deps, caller.ownerId, {
            organization: caller.organizationId,
            vehicle: query.vehicle,
            paid: query.paid,
            discount: query.discount === '1',
            page: query.page ?? 1,
            showBy: Math.min(query.showBy ?? 50, 100),
          }),
        );
      },
    },
    {
      method: 'get',
      path: '/fines/:fineId',
      write: false,
      action: 'api.fines.read',
      summary: 'Один штраф автопарка (суммы в копейках на сегодня)',
      reply: ApiFineReply,
      errors: [400, 404],
      async handle(c, { deps, caller }) {
        const [found] = await fleetFineViews(deps.db, [pathId(c, 'fineId')], deps.clock(), { organizationId: caller.organizationId });
        if (found === undefined) throw notFound();
        return ok(c, { item: found.fine });
      },
    },
  ],
};
