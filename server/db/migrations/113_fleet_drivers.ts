import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Who drove and who pays (issue 26 §1–2): drivers get an e-mail; each vehicle has assignments
 * (driver, from, to); each fleet fine keeps the driver it was matched to and who bears it; each
 * driver is mailed once per fine; the organization decides whether drivers are told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fleet_drivers').addColumn('email', 'text').execute();
  await db.schema.alterTable('organizations').addColumn('notify_drivers', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('organizations').addColumn('notify_drivers_since', 'timestamptz').execute();
  await db.schema
    .createTable('fleet_assignments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('fleet_vehicles.id').onDelete('cascade'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('fleet_drivers.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('fleet_assignments_order', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('fleet_assignments_vehicle').on('fleet_assignments').columns(['vehicle_id', 'starts_at']).execute();
  await db.schema.createIndex('fleet_assignments_org').on('fleet_assignments').columns(['organization_id', 'starts_at']).execute();
  await db.schema
    .createTable('fleet_fine_drivers')
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('fine_id', 'integer', (c) => c.notNull().references('fines.id').onDelete('cascade'))
    .addColumn('driver_id', 'integer', (c) => c.references('fleet_drivers.id').onDelete('set null'))
    .addColumn('assignment_id', 'integer')
    .addColumn('violation_at', 'timestamptz')
    .addColumn('bearer', 'text')
    .addColumn('matched_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('fleet_fine_drivers_pk', ['organization_id', 'fine_id'])
    .execute();
  await db.schema.createIndex('fleet_fine_drivers_driver').on('fleet_fine_drivers').columns(['driver_id', 'violation_at']).execute();
  await db.schema
    .createTable('fleet_driver_notices')
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('fleet_drivers.id').onDelete('cascade'))
    .addColumn('fine_id', 'integer', (c) => c.notNull().references('fines.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('mailed_at', 'timestamptz')
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('fleet_driver_notices_pk', ['driver_id', 'fine_id'])
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fleet_driver_notices').execute();
  await db.schema.dropTable('fleet_fine_drivers').execute();
  await db.schema.dropTable('fleet_assignments').execute();
  await db.schema.alterTable('organizations').dropColumn('notify_drivers_since').execute();
  await db.schema.alterTable('organizations').dropColumn('notify_drivers').execute();
  await db.schema.alterTable('fleet_drivers').dropColumn('email').execute();
}
