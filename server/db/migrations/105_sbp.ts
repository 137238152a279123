import type { Kysely } from 'kysely';

/**
 * СБП payments (issue 25 §2): the payment link the gateway gave a payment (shown as a QR code or opened
 * in the bank's app), and the invoices our sandbox of moneta's MerchantAPI holds for its «bank app».
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sbp_payments')
    .addColumn('payment_id', 'text', (col) => col.primaryKey().references('payments.id').onDelete('cascade'))
    .addColumn('operation_id', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sbp_sandbox_invoices')
    .addColumn('qr_id', 'text', (col) => col.primaryKey())
    .addColumn('operation_id', 'text', (col) => col.notNull().unique())
    .addColumn('transaction_id', 'text', (col) => col.notNull().unique())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('redirect_url', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sbp_sandbox_invoices').execute();
  await db.schema.dropTable('sbp_payments').execute();
}
