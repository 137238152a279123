import type { Kysely } from 'kysely';

/** Cashback requests (issue 16, spec §3 "Cashback request"): one per paid payment, by its payer. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cashback_requests')
    .addColumn('payment_id', 'text', (col) => col.primaryKey().references('payments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cashback_requests').execute();
}
