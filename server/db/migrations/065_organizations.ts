import type { Kysely } from 'kysely';

/**
 * Organizations of legal-entity accounts: each with its subscription (demo first), its fleet
 * (vehicles and driver licences, looked up like a person's documents) and its invoices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inn', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kpp', 'text')
    .addColumn('ogrn', 'text')
    .addColumn('address', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subscribe_type', 'integer', (c) => c.notNull())
    .addColumn('subscription_end', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('organizations_user_inn', ['user_id', 'inn'])
    .execute();
  await db.schema
    .createTable('fleet_vehicles')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('sts', 'text', (c) => c.notNull())
    .addColumn('plate_number', 'text', (c) => c.notNull())
    .addColumn('plate_region', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('fleet_vehicles_org_sts', ['organization_id', 'sts'])
    .execute();
  await db.schema.createIndex('fleet_vehicles_subject').on('fleet_vehicles').column('subject_key').execute();
  await db.schema
    .createTable('fleet_drivers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text')
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('fleet_drivers_org_number', ['organization_id', 'number'])
    .execute();
  await db.schema.createIndex('fleet_drivers_subject').on('fleet_drivers').column('subject_key').execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('vehicles', 'integer', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('price_kopecks', 'bigint', (c) => c.notNull())
    .addColumn('total_kopecks', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('fleet_drivers').execute();
  await db.schema.dropTable('fleet_vehicles').execute();
  await db.schema.dropTable('organizations').execute();
}
