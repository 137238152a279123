import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AutopayRulesTable, Database } from '../../db/schema.ts';
import type { FineSubject } from '../../providers/fines/provider.ts';

/** A rule row as read. */
export type RuleRow = Selectable<AutopayRulesTable>;

/** A document paid automatically, as the user set it. */
export type NewRule = { userId: number; documentKind: 'sts' | 'dl'; documentId: number; subjectKey: string; subject: FineSubject; maxFineKopecks: number; monthlyKopecks: number };

/** Turns autopay on for a document, or changes its limits (the date it was turned on stays: only fines found after it are paid). */
export async function saveRule(db: Kysely<Database>, rule: NewRule, now: Date): Promise<RuleRow> {
  return db
    .insertInto('autopay_rules')
    .values({ user_id: rule.userId, document_kind: rule.documentKind, document_id: rule.documentId, subject_key: rule.subjectKey, subject: JSON.stringify(rule.subject), max_fine_kopecks: rule.maxFineKopecks, monthly_kopecks: rule.monthlyKopecks, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'document_kind', 'document_id']).doUpdateSet({ max_fine_kopecks: rule.maxFineKopecks, monthly_kopecks: rule.monthlyKopecks, subject_key: rule.subjectKey, subject: JSON.stringify(rule.subject) }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's rules for their own documents (a fleet's rule is the cabinet's: fleetRuleStore.ts). */
export function userRules(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<RuleRow[]> {
  return db.selectFrom('autopay_rules').selectAll().where('user_id', '=', userId).where('organization_id', 'is', null).orderBy('id').execute();
}

/** Whether the user still pays anything automatically (a document of theirs or a fleet): else the card is not needed. */
export async function hasAnyRule(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<boolean> {
  return (await db.selectFrom('autopay_rules').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

/** A rule by id. */
export function readRule(db: Kysely<Database> | Transaction<Database>, id: number): Promise<RuleRow | undefined> {
  return db.selectFrom('autopay_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Turns autopay off for one of the user's documents: its scheduled fines are cancelled. False for anyone else's rule. */
export async function deleteRule(tx: Transaction<Database>, userId: number, ruleId: number, now: Date): Promise<boolean> {
  await tx.updateTable('autopay_charges').set({ status: 'cancelled', reason: 'Автооплата выключена', finished_at: now }).where('user_id', '=', userId).where('rule_id', '=', ruleId).where('organization_id', 'is', null).where('status', 'in', ['scheduled', 'retry']).execute();
  const gone = await tx.deleteFrom('autopay_rules').where('id', '=', ruleId).where('user_id', '=', userId).where('organization_id', 'is', null).returning('id').executeTakeFirst();
  return gone !== undefined;
}

/** Rules of users with a bound card whose own documents' fines the re-check may have found (all of them when `userIds` is undefined); fleets: fleetRuleStore.ts. */
export function activeRules(db: Kysely<Database>, userIds?: readonly number[]): Promise<RuleRow[]> {
  let query = db.selectFrom('autopay_rules as r').innerJoin('autopay_cards as c', 'c.user_id', 'r.user_id').where('c.status', '=', 'bound').where('r.organization_id', 'is', null).selectAll('r');
  if (userIds !== undefined) {
    if (userIds.length === 0) return Promise.resolve([]);
    query = query.where('r.user_id', 'in', [...userIds]);
  }
  return query.orderBy('r.id').execute();
}
