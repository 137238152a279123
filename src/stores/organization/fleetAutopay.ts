import { map } from 'nanostores';
import { actOnFleetCharge, deleteFleetAutopay, fetchFleetAutopay, saveFleetAutopay } from '../../api/fleetAutopay.ts';
import type { FleetAutopayState } from '../../api/structs/fleetAutopay.ts';
import { userMessage } from '../../api/userMessage.ts';
import { requireCredentials } from '../authData.ts';
import { onSignOut } from '../auth/account.ts';

/** The cabinet's «Автооплата» panel: the organization shown, what the server said, which action runs, why the last one failed. */
export type FleetAutopayView = { organizationId: number | undefined; data: FleetAutopayState | undefined; loading: boolean; busy: string; error: string };

const EMPTY: FleetAutopayView = { organizationId: undefined, data: undefined, loading: false, busy: '', error: '' };

/** The panel's state. */
export const $fleetAutopay = map<FleetAutopayView>({ ...EMPTY });

onSignOut(() => $fleetAutopay.set({ ...EMPTY }));

/** Loads the organization's autopay (a reply for an organization no longer shown is dropped). */
export async function openFleetAutopay(organizationId: number): Promise<void> {
  $fleetAutopay.set({ ...EMPTY, organizationId, loading: true });
  try {
    const data = await fetchFleetAutopay(requireCredentials(), organizationId);
    if ($fleetAutopay.get().organizationId === organizationId) $fleetAutopay.set({ ...$fleetAutopay.get(), data, loading: false });
  } catch (error) {
    if ($fleetAutopay.get().organizationId === organizationId) $fleetAutopay.set({ ...$fleetAutopay.get(), loading: false, error: userMessage(error) });
  }
}

/** Runs an action that answers the new state; `busy` names it while it runs (one at a time). */
async function act(name: string, call: (organizationId: number) => Promise<FleetAutopayState>): Promise<void> {
  const { organizationId, busy } = $fleetAutopay.get();
  if (organizationId === undefined || busy !== '') return;
  $fleetAutopay.set({ ...$fleetAutopay.get(), busy: name, error: '' });
  try {
    const data = await call(organizationId);
    if ($fleetAutopay.get().organizationId === organizationId) $fleetAutopay.set({ ...$fleetAutopay.get(), data, busy: '' });
  } catch (error) {
    $fleetAutopay.set({ ...$fleetAutopay.get(), busy: '', error: userMessage(error) });
  }
}

/** Turns the fleet's autopay on with limits in whole roubles (or saves new limits); nonsense is refused before asking the server. */
export function turnFleetAutopayOn(limits: { maxFineRub: number; monthlyRub: number }): Promise<void> {
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= 1_000_000;
  if (!valid(limits.maxFineRub) || !valid(limits.monthlyRub)) {
    $fleetAutopay.setKey('error', 'Лимиты — целые суммы в рублях, от 1 ₽ до 1 000 000 ₽');
    return Promise.resolve();
  }
  return act('on', (id) => saveFleetAutopay(requireCredentials(), id, limits));
}

/** Turns it off. */
export const turnFleetAutopayOff = () => act('off', (id) => deleteFleetAutopay(requireCredentials(), id));

/** «Оплатить сейчас» or «Пропустить» for one scheduled fine of the fleet. */
export const fleetChargeAction = (chargeId: number, action: 'pay' | 'skip') => act(`${action}:${chargeId}`, (id) => actOnFleetCharge(requireCredentials(), id, chargeId, action));
