import type { Kysely } from 'kysely';

/**
 * The orders our A3 sandbox gateway holds (issue 16), kept in the database so every API process serves
 * the same order: its amount, where the payer returns, where the callback goes, and its state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('a3_sandbox_orders')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('return_url', 'text', (col) => col.notNull())
    .addColumn('fail_url', 'text', (col) => col.notNull())
    .addColumn('callback_url', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('operation_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('a3_sandbox_orders').execute();
}
