import { map, onMount } from 'nanostores';
import { createOrganization, deleteOrganization, fetchOrganizations, lookupCompany, updateOrganization } from '../../api/organization.ts';
import type { CompanyReply, Organization } from '../../api/structs/organization.ts';
import { userMessage } from '../../api/userMessage.ts';
import { companyCodeKind } from '../../lib/companyCode.ts';
import { requireCredentials } from '../authData.ts';
import { $accountStatus, loadAccount, onSignOut } from '../auth/account.ts';
import { $account } from '../auth/accountState.ts';
import { markLegalEntity, reloadOrganization, requestedUserType } from './legalEntity.ts';
import { $fleet } from './fleet.ts';

/** What /organization/ shows: checking, leaving to sign in, the offer to become a legal entity, or the cabinet. */
export type CabinetView = { kind: 'checking' } | { kind: 'leaving'; to: string } | { kind: 'notLegal' } | { kind: 'ready' };

/** The cabinet: the view, the account's organizations, the one chosen, and a failure to show. */
export type CabinetState = { view: CabinetView; organizations: Organization[]; selected: number | undefined; busy: boolean; error: string };

/** The cabinet's state. */
export const $cabinet = map<CabinetState>({ view: { kind: 'checking' }, organizations: [], selected: undefined, busy: false, error: '' });

onSignOut(() => $cabinet.set({ view: { kind: 'checking' }, organizations: [], selected: undefined, busy: false, error: '' }));

// The organization list shows each fleet's size: keep the chosen one's in step with its fleet.
onMount($cabinet, () =>
  $fleet.listen((fleet) => {
    if (fleet.organizationId === undefined || fleet.busy) return;
    const organizations = $cabinet.get().organizations.map((o) => (o.id === fleet.organizationId ? { ...o, vehicles: fleet.vehicles.length, drivers: fleet.drivers.length } : o));
    $cabinet.setKey('organizations', organizations);
  }),
);

/** Loads the account's organizations, keeping the chosen one when it is still there. */
async function loadOrganizations(): Promise<void> {
  const organizations = await fetchOrganizations(requireCredentials());
  const selected = $cabinet.get().selected;
  $cabinet.set({ ...$cabinet.get(), organizations, selected: organizations.some((o) => o.id === selected) ? selected : organizations[0]?.id });
}

/**
 * Opens the cabinet: a visitor who is not signed in goes to /auth/ (registration as an organization)
 * and back; `?user_type=3&isChangeUserType=1` makes the account a legal entity (spec §2); an account
 * that is not a legal entity is offered to become one; then the organizations are loaded.
 */
export async function openCabinet(path: string, search: string): Promise<void> {
  try {
    await loadAccount();
  } catch {
    // The status below decides; a network failure leaves the stored one.
  }
  if ($accountStatus.get() !== 'signedIn') {
    $cabinet.setKey('view', { kind: 'leaving', to: `/auth/?mode=register&userType=3&back=${encodeURIComponent(path)}` });
    return;
  }
  try {
    if (requestedUserType(search) === 3 && $account.get().userType !== 3) await markLegalEntity();
    if ($account.get().userType !== 3) {
      $cabinet.setKey('view', { kind: 'notLegal' });
      return;
    }
    await loadOrganizations();
    await reloadOrganization();
    $cabinet.setKey('view', { kind: 'ready' });
  } catch (error) {
    $cabinet.set({ ...$cabinet.get(), view: { kind: 'ready' }, error: userMessage(error) });
  }
}

/** "Я представляю организацию": the account becomes a legal entity and the cabinet opens. */
export async function becomeLegalEntity(): Promise<void> {
  await run(async () => {
    await markLegalEntity();
    await loadOrganizations();
    $cabinet.setKey('view', { kind: 'ready' });
  });
}

/** Runs a change with busy set; answers its failure's message, or undefined. */
async function run(change: () => Promise<void>): Promise<string | undefined> {
  if ($cabinet.get().busy) return undefined;
  $cabinet.set({ ...$cabinet.get(), busy: true, error: '' });
  try {
    await change();
    return undefined;
  } catch (error) {
    return userMessage(error);
  } finally {
    $cabinet.setKey('busy', false);
  }
}

/** The spec's ИНН rule (§5) before asking anyone: the message, or the ИНН. */
export function checkInn(value: string): { inn: string } | { error: string } {
  const code = companyCodeKind(value);
  return 'error' in code ? { error: code.error } : { inn: code.inn };
}

/** What the register says about an ИНН, for the add form to fill the name (undefined, with the reason, when it cannot). */
export async function previewCompany(value: string): Promise<{ company: CompanyReply } | { error: string }> {
  const checked = checkInn(value);
  if ('error' in checked) return checked;
  try {
    return { company: await lookupCompany(requireCredentials(), checked.inn) };
  } catch (error) {
    return { error: userMessage(error) };
  }
}

/** Adds an organization by ИНН (spec §5 rules; the name from the register unless typed); it becomes the chosen one. */
export function addOrganization(innText: string, name: string): Promise<string | undefined> {
  const checked = checkInn(innText);
  if ('error' in checked) return Promise.resolve(checked.error);
  return run(async () => {
    const created = await createOrganization(requireCredentials(), checked.inn, name.trim() === '' ? undefined : name.trim());
    await loadOrganizations();
    $cabinet.setKey('selected', created.id);
  });
}

/** Renames an organization (the ИНН goes along, spec §5). */
export function renameOrganization(id: number, name: string): Promise<string | undefined> {
  const organization = $cabinet.get().organizations.find((o) => o.id === id);
  if (organization === undefined) return Promise.resolve('Организация не найдена');
  if (name.trim() === '') return Promise.resolve('Укажите название');
  return run(async () => {
    await updateOrganization(requireCredentials(), id, organization.inn, name.trim());
    await loadOrganizations();
  });
}

/** Deletes an organization with its fleet. */
export function removeOrganization(id: number): Promise<string | undefined> {
  return run(async () => {
    await deleteOrganization(requireCredentials(), id);
    await loadOrganizations();
  });
}

/** Chooses the organization the cabinet shows. */
export function selectOrganization(id: number): void {
  $cabinet.setKey('selected', id);
}
