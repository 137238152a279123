import { map, onMount } from 'nanostores';
import { fetchFleetFines } from '../../api/organization.ts';
import type { FleetFinesReply } from '../../api/structs/organization.ts';
import { userMessage } from '../../api/userMessage.ts';
import { requireCredentials } from '../authData.ts';
import { onSignOut } from '../auth/account.ts';
import { $fleet } from './fleet.ts';

/** The fleet fines' filters. */
export type FleetFilters = { vehicle: number | undefined; driver?: number | 'none' | undefined; paid: 0 | 1 | undefined; discount: boolean };

/** The list of the chosen organization's fleet fines. */
export type FleetFinesState = {
  organizationId: number | undefined;
  filters: FleetFilters;
  page: number;
  showBy: number;
  reply: FleetFinesReply | undefined;
  busy: boolean;
  error: string;
};

/** Fines per page in the cabinet. */
export const FLEET_PAGE = 20;
/** While the fleet's documents are looked up, ask again this often. */
export const FLEET_POLL_MS = 2_000;

/** The fleet fines list. */
export const $fleetFines = map<FleetFinesState>({ organizationId: undefined, filters: { vehicle: undefined, paid: undefined, discount: false }, page: 1, showBy: FLEET_PAGE, reply: undefined, busy: false, error: '' });

let poll: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

onSignOut(() => {
  generation++;
  if (poll !== undefined) clearTimeout(poll);
  $fleetFines.set({ organizationId: undefined, filters: { vehicle: undefined, paid: undefined, discount: false }, page: 1, showBy: FLEET_PAGE, reply: undefined, busy: false, error: '' });
});

/** The fleet's vehicles and drivers as one key: a change means the list of fines changes too. */
const fleetKey = () => {
  const fleet = $fleet.get();
  return `${fleet.organizationId}:${fleet.vehicles.map((v) => v.id).join(',')}|${fleet.drivers.map((d) => d.id).join(',')}`;
};

// While the list is shown, adding, importing or removing vehicles and drivers loads it again.
onMount($fleetFines, () => {
  let seen = fleetKey();
  return $fleet.listen(() => {
    const now = fleetKey();
    if (now === seen) return;
    seen = now;
    const state = $fleetFines.get();
    if (state.organizationId !== undefined && state.organizationId === $fleet.get().organizationId && state.reply !== undefined) void loadFleetFines();
  });
});

/** Loads the page the state asks for; while some documents are still being looked up, asks again every 2 s. A newer load wins. */
export async function loadFleetFines(): Promise<void> {
  const state = $fleetFines.get();
  if (state.organizationId === undefined) return;
  const mine = ++generation;
  if (poll !== undefined) clearTimeout(poll);
  $fleetFines.set({ ...state, busy: true, error: '' });
  try {
    const reply = await fetchFleetFines(requireCredentials(), {
      organization: state.organizationId,
      ...(state.filters.vehicle === undefined ? {} : { vehicle: state.filters.vehicle }),
      ...(state.filters.driver === undefined ? {} : { driver: state.filters.driver }),
      ...(state.filters.paid === undefined ? {} : { paid: state.filters.paid }),
      discount: state.filters.discount,
      page: state.page,
      showBy: state.showBy,
    });
    if (mine !== generation) return;
    $fleetFines.set({ ...$fleetFines.get(), reply, busy: false });
    if (reply.isWait === true) poll = setTimeout(() => void loadFleetFines(), FLEET_POLL_MS);
  } catch (error) {
    if (mine === generation) $fleetFines.set({ ...$fleetFines.get(), busy: false, error: userMessage(error) });
  }
}

/** Shows another organization's fines from the first page, filters cleared. */
export function showOrganizationFines(organizationId: number): Promise<void> {
  $fleetFines.set({ ...$fleetFines.get(), organizationId, filters: { vehicle: undefined, driver: undefined, paid: undefined, discount: false }, page: 1, reply: undefined });
  return loadFleetFines();
}

/** Changes a filter (from the first page). */
export function filterFleetFines(filters: Partial<FleetFilters>): Promise<void> {
  $fleetFines.set({ ...$fleetFines.get(), filters: { ...$fleetFines.get().filters, ...filters }, page: 1 });
  return loadFleetFines();
}

/** Goes to a page. */
export function fleetFinesPage(page: number): Promise<void> {
  $fleetFines.setKey('page', Math.max(1, page));
  return loadFleetFines();
}

/** Stops asking again (the page is left). */
export function stopFleetFinesPolling(): void {
  if (poll !== undefined) clearTimeout(poll);
}
