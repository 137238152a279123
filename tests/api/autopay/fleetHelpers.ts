import type { MailTestApi } from '../helpers/accounts.ts';
import type { Session } from '../helpers/testApi.ts';
import { paidOrganization } from '../helpers/webhookReceiver.ts';
import { bindCard } from './helpers.ts';

/** An organization's owner with a paid subscription, a card bound in the profile, and one fleet vehicle looked at once. */
export type FleetOwner = { email: string; session: Session; organizationId: number; car: { sts: string; vehiclePlateNumber: string; vehiclePlateRegion: string } };

let serial = 0;

/** Signs up an owner, pays the subscription, binds a sandbox card (unless `card` is false) and adds a fresh car to the fleet. */
export async function fleetOwner(api: MailTestApi, card = true): Promise<FleetOwner> {
  serial += 1;
  const email = `fleet${serial}-${Math.floor(Math.random() * 1e6)}@example.ru`;
  const { session, organizationId } = await paidOrganization(api, email);
  if (card) await bindCard(api, session);
  const car = { sts: `77${String(10 + serial)}${String(100_000 + Math.floor(Math.random() * 899_999))}`, vehiclePlateNumber: `А${String(100 + serial)}ВС`, vehiclePlateRegion: '77' };
  const added = await api.request('POST', `/105/api/organization/${organizationId}/vehicles`, { session, form: car });
  if (added.status !== 200) throw new Error(`vehicle: ${JSON.stringify(added.body)}`);
  // The cabinet's first look at the vehicle: what it holds then is not news.
  await api.request('GET', `/105/api/organization/${organizationId}/fines`, { session });
  return { email, session, organizationId, car };
}

/** Turns the fleet's autopay on with limits in roubles. */
export function turnFleetOn(api: MailTestApi, owner: Pick<FleetOwner, 'session' | 'organizationId'>, limits = { maxFineRub: 5_000, monthlyRub: 20_000 }) {
  return api.request('PUT', `/105/api/organization/${owner.organizationId}/autopay`, { session: owner.session, json: limits });
}

/** The fleet's autopay as the cabinet reads it. */
export async function fleetState(api: MailTestApi, owner: Pick<FleetOwner, 'session' | 'organizationId'>) {
  const reply = await api.request('GET', `/105/api/organization/${owner.organizationId}/autopay`, { session: owner.session });
  return reply.body.response as { card: { mask: string } | null; rule: { maxFineKopecks: number; monthlyKopecks: number } | null; subscriptionPaid: boolean; charges: { id: number; uin: string; status: string; amountKopecks: number; chargeAt: string; receiptHash: string | null; reason: string | null }[] };
}
