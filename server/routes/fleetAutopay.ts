import { Hono } from 'hono';
import { FleetAutopayInput } from '../../src/api/structs/fleetAutopay.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { organizationOfPath } from '../organizations/organizationOfPath.ts';
import { autopayAvailable } from '../payments/autopay/binding.ts';
import { boundCard } from '../payments/autopay/cardStore.ts';
import { cancelCharge, chargeNow, fleetChargeOf } from '../payments/autopay/chargeStore.ts';
import { fleetAutopayState, subscriptionPaid } from '../payments/autopay/fleetAutopayState.ts';
import { deleteFleetRule, saveFleetRule } from '../payments/autopay/fleetRuleStore.ts';
import { hasAnyRule } from '../payments/autopay/ruleStore.ts';
import { chargeOne } from '../payments/autopay/runCharges.ts';
import { dropCard } from '../payments/autopay/tokenRemovals.ts';

/**
 * Автооплата of an organization's fleet (issue 25 §1), in its cabinet: only the organization's owner
 * turns it on, with the card they bound in the profile; anyone else's organization answers 404 (the
 * ownership sits in organizationOfPath), and a charge of another organization reads as not found.
 */
export function fleetAutopayRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const now = () => deps.clock();
  routes.use('/organization/:id/autopay', requireUser(deps));
  routes.use('/organization/:id/autopay/*', requireUser(deps));

  routes.get('/organization/:id/autopay', async (c) => ok(c, await fleetAutopayState(deps, userOf(c), await organizationOfPath(deps, c))));

  routes.put('/organization/:id/autopay', async (c) => {
    const organization = await organizationOfPath(deps, c);
    const userId = userOf(c);
    const input = parseInput(FleetAutopayInput, await bodyInput(c));
    if (!autopayAvailable(deps)) throw new ApiError(404, 'Автооплата пока недоступна');
    if (!subscriptionPaid(organization, now())) throw new ApiError(403, 'Автооплата автопарка работает с оплаченной подпиской: в демо-доступе штрафы скрыты и не оплачиваются');
    if ((await boundCard(deps.db, userId)) === undefined) throw new ApiError(409, 'Сначала привяжите карту в профиле, в разделе «Автооплата»');
    await saveFleetRule(deps.db, { userId, organizationId: organization.id, maxFineKopecks: input.maxFineRub * 100, monthlyKopecks: input.monthlyRub * 100 }, now());
    return ok(c, await fleetAutopayState(deps, userId, organization));
  });

  routes.delete('/organization/:id/autopay', async (c) => {
    const organization = await organizationOfPath(deps, c);
    const userId = userOf(c);
    const deleted = await deps.db.transaction().execute((tx) => deleteFleetRule(tx, userId, organization.id, now()));
    if (!deleted) throw new ApiError(404, 'Автооплата автопарка не включена');
    // Nothing else is paid automatically: the card is not needed any more, its token goes too (as in the profile).
    if (!(await hasAnyRule(deps.db, userId))) await dropCard(deps, userId, 'Автооплата выключена');
    return ok(c, await fleetAutopayState(deps, userId, organization));
  });

  /** A charge of this organization's fleet (its owner's), or 404. */
  const fleetCharge = async (userId: number, organizationId: number, chargeId: number) => {
    const charge = await fleetChargeOf(deps.db, userId, organizationId, chargeId);
    if (charge === undefined) throw new ApiError(404, 'Штраф в автооплате не найден');
    return charge;
  };

  routes.post('/organization/:id/autopay/charge/:chargeId/skip', async (c) => {
    const organization = await organizationOfPath(deps, c);
    const userId = userOf(c);
    const charge = await fleetCharge(userId, organization.id, pathId(c, 'chargeId'));
    if (!(await cancelCharge(deps.db, charge.id, 'skipped', 'Пропущен в кабинете организации', now()))) throw new ApiError(409, 'Этот штраф уже не ждёт автооплаты');
    return ok(c, await fleetAutopayState(deps, userId, organization));
  });

  routes.post('/organization/:id/autopay/charge/:chargeId/pay', async (c) => {
    const organization = await organizationOfPath(deps, c);
    const userId = userOf(c);
    const charge = await fleetCharge(userId, organization.id, pathId(c, 'chargeId'));
    if (!(await chargeNow(deps.db, userId, charge.id, now()))) throw new ApiError(409, 'Этот штраф уже не ждёт автооплаты');
    await chargeOne(deps, charge.id);
    return ok(c, await fleetAutopayState(deps, userId, organization));
  });

  return routes;
}
