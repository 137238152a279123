import type { Kysely } from 'kysely';

/**
 * Pay once (issue 25 §3): what the source said about a fine we were about to charge (paid elsewhere or
 * cancelled), and the sandbox source's own register of charges (ГИС ГМП's side): states set by the
 * sandbox controls, and the payments our service reported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fine_source_states')
    .addColumn('fine_id', 'integer', (col) => col.primaryKey().references('fines.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('since', 'text', (col) => col.notNull())
    .addColumn('checked_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_charge_states')
    .addColumn('uin', 'text', (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('since', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_gisgmp_payments')
    .addColumn('uin', 'text', (col) => col.primaryKey())
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('paid_at', 'timestamptz', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_gisgmp_payments').execute();
  await db.schema.dropTable('sandbox_charge_states').execute();
  await db.schema.dropTable('fine_source_states').execute();
}
