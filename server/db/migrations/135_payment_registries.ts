import type { Kysely } from 'kysely';

/**
 * Issue 26 §3–4: each export of payment orders is kept as a registry (the orders as written, the payer
 * and the day), so that the cabinet's or an integrator's earlier file can be listed and downloaded again
 * byte for byte the same, in the 1CClientBankExchange text or as XLSX.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_registries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('api_key_id', 'integer', (c) => c.references('api_keys.id').onDelete('set null'))
    .addColumn('order_date', 'text', (c) => c.notNull())
    .addColumn('order_time', 'text', (c) => c.notNull())
    .addColumn('payer', 'jsonb', (c) => c.notNull())
    .addColumn('orders', 'jsonb', (c) => c.notNull())
    .addColumn('orders_count', 'integer', (c) => c.notNull())
    .addColumn('total_kopecks', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_registries_organization').on('payment_registries').columns(['organization_id', 'id']).execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_registries').execute();
}
