import type { Kysely } from 'kysely';

/**
 * A paid fine's path to ГИС ГМП (issue 25 §4): paid (the gateway's confirmation), sent (the payment's
 * data reported, with its number), accounted (a re-check of the source shows the fine paid), and, when
 * the source has not shown it in time, when the user was told and which support ticket was opened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_paths')
    .addColumn('fine_id', 'integer', (col) => col.primaryKey().references('fines.id').onDelete('cascade'))
    .addColumn('payment_id', 'text', (col) => col.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('uin', 'text', (col) => col.notNull())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('paid_at', 'timestamptz', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('gis_number', 'text')
    .addColumn('accounted_at', 'timestamptz')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('overdue_at', 'timestamptz')
    .addColumn('ticket_id', 'integer')
    .execute();
  await db.schema.createIndex('payment_paths_open').on('payment_paths').column('accounted_at').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_paths').execute();
}
