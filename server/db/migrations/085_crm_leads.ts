import type { Kysely } from 'kysely';

/** Leads from the business pages (issue 12): kept before anything else happens, then mailed and posted to the CRM. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crm_leads')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('inn', 'text', (col) => col.notNull())
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('budget', 'text')
    .addColumn('utms', 'jsonb', (col) => col.notNull())
    .addColumn('count_auto', 'integer')
    .addColumn('months_count', 'integer')
    .addColumn('crm_status', 'text', (col) => col.notNull())
    .addColumn('crm_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('crm_leads_created').on('crm_leads').column('created_at').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('crm_leads').execute();
}
