import type { FleetAutopayState } from '../../../src/api/structs/fleetAutopay.ts';
import type { AppDeps } from '../../appDeps.ts';
import type { OrganizationRow } from '../../organizations/organizationStore.ts';
import { chargeViews } from './autopayState.ts';
import { autopayAvailable } from './binding.ts';
import { boundCard } from './cardStore.ts';
import { userCharges } from './chargeStore.ts';
import { fleetRule } from './fleetRuleStore.ts';

/** Whether the organization's subscription is paid and running now (a demo shows fines masked: they cannot be paid). */
export const subscriptionPaid = (organization: OrganizationRow, now: Date) => organization.subscribe_type !== 0 && organization.subscription_end.getTime() > now.getTime();

/** What the cabinet's «Автооплата» panel shows for an organization of the owner's. */
export async function fleetAutopayState(deps: AppDeps, userId: number, organization: OrganizationRow): Promise<FleetAutopayState> {
  const [card, rule, charges] = await Promise.all([boundCard(deps.db, userId), fleetRule(deps.db, userId, organization.id), userCharges(deps.db, userId, 100, organization.id)]);
  return {
    available: autopayAvailable(deps),
    card: card === undefined ? null : { mask: card.mask ?? '', expiry: card.expiry ?? '' },
    rule: rule === undefined ? null : { maxFineKopecks: Number(rule.max_fine_kopecks), monthlyKopecks: Number(rule.monthly_kopecks), since: rule.created_at.toISOString() },
    subscriptionPaid: subscriptionPaid(organization, deps.clock()),
    charges: await chargeViews(deps, charges),
  };
}
