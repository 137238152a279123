import type { Kysely } from 'kysely';

/**
 * Автооплата of an organization's fleet (issue 25 §1): a rule of the owner's for the whole fleet
 * (document_kind 'fleet', document_id = the organization), and the organization a charge was
 * scheduled for, so the cabinet lists them and the monthly limit counts the fleet's own charges.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('autopay_rules').addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade')).execute();
  await db.schema.alterTable('autopay_charges').addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null')).execute();
  await db.schema.createIndex('autopay_charges_organization').on('autopay_charges').columns(['organization_id', 'created_at']).execute();
}

/** Undoes up(). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('autopay_charges_organization').execute();
  await db.schema.alterTable('autopay_charges').dropColumn('organization_id').execute();
  await db.schema.alterTable('autopay_rules').dropColumn('organization_id').execute();
}
