import { map } from 'nanostores';
import { fetchFleetAnalytics } from '../../api/fleetAnalytics.ts';
import { fetchOrganizations } from '../../api/organization.ts';
import type { FleetAnalyticsReply } from '../../api/structs/fleetAnalytics.ts';
import type { Organization } from '../../api/structs/organization.ts';
import { userMessage } from '../../api/userMessage.ts';
import { $credentials } from '../authData.ts';

/** /fine-analytics/: the account's organizations, the one chosen ('' for all), and its figures. */
export type FleetAnalyticsState =
  | { state: 'loading' }
  | { state: 'signedOut' }
  | { state: 'error'; message: string }
  | { state: 'ready'; organizations: Organization[]; organization: string; busy: boolean; figures?: FleetAnalyticsReply; message?: string };

/** The analytics page. */
export const $fleetAnalytics = map<{ current: FleetAnalyticsState }>({ current: { state: 'loading' } });

/** Loads the figures of the chosen organization (or all). */
async function loadFigures(organizations: Organization[], organization: string): Promise<void> {
  const auth = $credentials.get();
  if (auth === undefined) return;
  $fleetAnalytics.setKey('current', { state: 'ready', organizations, organization, busy: true });
  try {
    const figures = await fetchFleetAnalytics(auth, organization === '' ? undefined : Number(organization));
    $fleetAnalytics.setKey('current', { state: 'ready', organizations, organization, busy: false, figures });
  } catch (error) {
    $fleetAnalytics.setKey('current', { state: 'ready', organizations, organization, busy: false, message: userMessage(error) });
  }
}

/** Opens the page: the organizations, then the figures of all of them (or of ?organization=ID). */
export async function openFleetAnalytics(search: string): Promise<void> {
  const auth = $credentials.get();
  if (auth === undefined) {
    $fleetAnalytics.setKey('current', { state: 'signedOut' });
    return;
  }
  try {
    const organizations = await fetchOrganizations(auth);
    const asked = new URLSearchParams(search).get('organization') ?? '';
    await loadFigures(organizations, organizations.some((o) => String(o.id) === asked) ? asked : '');
  } catch (error) {
    $fleetAnalytics.setKey('current', { state: 'error', message: userMessage(error) });
  }
}

/** Shows another organization's figures ('' for all). */
export async function chooseAnalyticsOrganization(organization: string): Promise<void> {
  const current = $fleetAnalytics.get().current;
  if (current.state !== 'ready') return;
  await loadFigures(current.organizations, organization);
}
