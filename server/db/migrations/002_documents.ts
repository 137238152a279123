import type { Kysely } from 'kysely';

/** СТС, driver licences and ИНН of users; one number per user per type. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sts_documents')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sts', 'text', (c) => c.notNull())
    .addColumn('plate_number', 'text', (c) => c.notNull())
    .addColumn('plate_region', 'text', (c) => c.notNull())
    .addColumn('vehicle_model', 'text')
    .addColumn('vehicle_plate_type', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('sts_documents_user_sts', ['user_id', 'sts'])
    .execute();
  await db.schema
    .createTable('driver_licenses')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text')
    .addColumn('first_issue_date', 'text')
    .addColumn('surname', 'text')
    .addColumn('name', 'text')
    .addColumn('patronymic', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('driver_licenses_user_number', ['user_id', 'number'])
    .execute();
  await db.schema
    .createTable('inns')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inn', 'text', (c) => c.notNull())
    .addColumn('inn_name', 'text')
    .addColumn('surname', 'text')
    .addColumn('name', 'text')
    .addColumn('patronymic', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('inns_user_inn', ['user_id', 'inn'])
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inns').execute();
  await db.schema.dropTable('driver_licenses').execute();
  await db.schema.dropTable('sts_documents').execute();
}
