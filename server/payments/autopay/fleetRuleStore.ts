import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RuleRow } from './ruleStore.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A fleet's autopay as its owner set it: the limits for one fine and for a month, kopecks. */
export type NewFleetRule = { userId: number; organizationId: number; maxFineKopecks: number; monthlyKopecks: number };

/** The owner's autopay rule for the organization's fleet, if it is on. */
export function fleetRule(db: Db, userId: number, organizationId: number): Promise<RuleRow | undefined> {
  return db.selectFrom('autopay_rules').selectAll().where('user_id', '=', userId).where('organization_id', '=', organizationId).where('document_kind', '=', 'fleet').executeTakeFirst();
}

/**
 * Turns autopay on for the whole fleet, or changes its limits (the moment it was turned on stays: only
 * fines found after it are paid). The caller has checked that the user owns the organization.
 */
export async function saveFleetRule(db: Db, rule: NewFleetRule, now: Date): Promise<RuleRow> {
  const limits = { max_fine_kopecks: rule.maxFineKopecks, monthly_kopecks: rule.monthlyKopecks };
  return db
    .insertInto('autopay_rules')
    .values({ user_id: rule.userId, document_kind: 'fleet', document_id: rule.organizationId, organization_id: rule.organizationId, subject_key: `fleet:${rule.organizationId}`, subject: '{}', ...limits, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'document_kind', 'document_id']).doUpdateSet(limits))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Turns the fleet's autopay off: the fleet's scheduled fines are cancelled. False when it was not on. */
export async function deleteFleetRule(tx: Transaction<Database>, userId: number, organizationId: number, now: Date): Promise<boolean> {
  await tx.updateTable('autopay_charges').set({ status: 'cancelled', reason: 'Автооплата автопарка выключена', finished_at: now }).where('user_id', '=', userId).where('organization_id', '=', organizationId).where('status', 'in', ['scheduled', 'retry']).execute();
  const gone = await tx.deleteFrom('autopay_rules').where('user_id', '=', userId).where('organization_id', '=', organizationId).where('document_kind', '=', 'fleet').returning('id').executeTakeFirst();
  return gone !== undefined;
}

/** Fleet rules that can charge now: the owner still owns the organization, has a bound card, and the subscription is paid and running. */
export function activeFleetRules(db: Db, now: Date): Promise<RuleRow[]> {
  return db
    .selectFrom('autopay_rules as r')
    .innerJoin('organizations as o', (join) => join.onRef('o.id', '=', 'r.organization_id').onRef('o.user_id', '=', 'r.user_id'))
    .where('r.document_kind', '=', 'fleet')
    .where('o.subscribe_type', '<>', 0)
    .where('o.subscription_end', '>', now)
    .where((eb) => eb.exists(eb.selectFrom('autopay_cards as c').select('c.id').whereRef('c.user_id', '=', 'r.user_id').where('c.status', '=', 'bound')))
    .selectAll('r')
    .orderBy('r.id')
    .execute();
}
