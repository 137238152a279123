import type { Kysely, Selectable } from 'kysely';
import type { Organization } from '../../src/api/structs/organization.ts';
import { subscriptionState } from '../../src/lib/subscription.ts';
import type { Database, OrganizationsTable } from '../db/schema.ts';
import type { CompanyInfo } from '../providers/company/provider.ts';

/** An organization row. */
export type OrganizationRow = Selectable<OrganizationsTable>;

/** The account's organizations, with the size of each fleet, oldest first. */
export async function listOrganizations(db: Kysely<Database>, userId: number, q?: string): Promise<(OrganizationRow & { vehicles: number; drivers: number })[]> {
  let query = db
    .selectFrom('organizations as o')
    .selectAll('o')
    .select((eb) => [
      eb.selectFrom('fleet_vehicles as v').whereRef('v.organization_id', '=', 'o.id').select(eb.fn.countAll<string>().as('n')).as('vehicles'),
      eb.selectFrom('fleet_drivers as d').whereRef('d.organization_id', '=', 'o.id').select(eb.fn.countAll<string>().as('n')).as('drivers'),
    ])
    .where('o.user_id', '=', userId);
  if (q !== undefined && q.trim() !== '') {
    const like = `%${q.trim().toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb(eb.fn('lower', ['o.name']), 'like', like), eb('o.inn', 'like', like)]));
  }
  const rows = await query.orderBy('o.id').execute();
  return rows.map((row) => ({ ...row, vehicles: Number(row.vehicles ?? 0), drivers: Number(row.drivers ?? 0) }));
}

/** One of the account's organizations; undefined for anyone else's (the route answers 404). */
export function ownOrganization(db: Kysely<Database>, userId: number, id: number): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The reply shape, with the subscription as of `now` (spec §3). */
export function toOrganization(row: OrganizationRow & { vehicles?: number; drivers?: number }, now: Date): Organization {
  const state = subscriptionState(row.subscribe_type, row.subscription_end, now);
  return {
    id: row.id,
    name: row.name,
    inn: row.inn,
    kpp: row.kpp,
    ogrn: row.ogrn,
    address: row.address,
    type: row.kind === 'individual' ? 'individual' : 'legal',
    countDays: state.countDays,
    subscribeType: row.subscribe_type,
    subscriptionEndDate: row.subscription_end.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    isExpired: state.isExpired,
    isDemo: state.isDemo,
    isSubscriptionEndTomorrow: state.endsTomorrow,
    vehicles: row.vehicles ?? 0,
    drivers: row.drivers ?? 0,
  };
}

/** Adds an organization in demo for `demoDays`; undefined when the account has it already (same ИНН). */
export async function insertOrganization(db: Kysely<Database>, userId: number, company: CompanyInfo, demoDays: number, now: Date): Promise<OrganizationRow | undefined> {
  return db
    .insertInto('organizations')
    .values({
      user_id: userId,
      inn: company.inn,
      name: company.name,
      kpp: company.kpp,
      ogrn: company.ogrn === '' ? null : company.ogrn,
      address: company.address === '' ? null : company.address,
      kind: company.type,
      subscribe_type: 0,
      subscription_end: new Date(now.getTime() + demoDays * 86_400_000),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'inn']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The changes an edit may make: the company's register data and its name. */
export type OrganizationChanges = { inn?: string; kind?: string; name?: string; kpp?: string | null; ogrn?: string | null; address?: string | null };

/** Applies an edit to the user's organization; answers false when the ИНН is already one of theirs (unique per user). */
export async function updateOrganization(db: Kysely<Database>, userId: number, id: number, changes: OrganizationChanges, now: Date): Promise<boolean> {
  try {
    await db.updateTable('organizations').set({ ...changes, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).execute();
    return true;
  } catch (error) {
    if (String((error as { code?: string }).code) === '23505') return false;
    throw error;
  }
}

/** Deletes the user's organization (its fleet goes with it); answers whether there was one. */
export async function deleteOrganization(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('organizations').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
