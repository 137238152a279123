import type { Kysely } from 'kysely';

/**
 * Issue 26 §3: the organization's bank account (the payer of its payment orders) with the next
 * order's number, and which fines went into an exported payment order and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organization_bank_accounts')
    .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('bik', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('correspondent_account', 'text', (c) => c.notNull())
    .addColumn('next_number', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('fine_payment_exports')
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('fine_id', 'integer', (c) => c.notNull().references('fines.id').onDelete('cascade'))
    .addColumn('order_number', 'integer', (c) => c.notNull())
    .addColumn('exported_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('fine_payment_exports_pk', ['organization_id', 'fine_id'])
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fine_payment_exports').execute();
  await db.schema.dropTable('organization_bank_accounts').execute();
}
