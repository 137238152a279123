import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Payments (issue 16): one row per attempt to pay one or several fines, the items it holds, and every
 * gateway event. An item is held by at most one running payment (a unique index over the held rows),
 * so two payments racing for the same fine cannot both take it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('recipient_type', 'text', (col) => col.notNull())
    .addColumn('payment_system', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('payer', 'jsonb', (col) => col.notNull())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('commission_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('total_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('gateway_operation_id', 'text')
    .addColumn('error_desc', 'text')
    .addColumn('receipt_hash', 'text', (col) => col.unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('payments_user').on('payments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payments_running').on('payments').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('payment_items')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('payment_id', 'text', (col) => col.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('fine_id', 'integer', (col) => col.notNull().references('fines.id'))
    .addColumn('uin', 'text', (col) => col.notNull())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('full_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('holds', 'boolean', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_items_payment').on('payment_items').column('payment_id').execute();
  await sql`create unique index payment_items_one_running on payment_items (fine_id) where holds`.execute(db);
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('payment_id', 'text')
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_events_payment').on('payment_events').columns(['payment_id', 'at']).execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payment_items').execute();
  await db.schema.dropTable('payments').execute();
}
