import type { Kysely } from 'kysely';

/** Fines from the fines source, their payment orders and photos, and who may read them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fine_subjects')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('generated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('fines')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('subject_key', 'text', (c) => c.notNull().references('fine_subjects.key'))
    .addColumn('uin', 'text', (c) => c.notNull().unique())
    .addColumn('plate_number', 'text', (c) => c.notNull())
    .addColumn('plate_region', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('identifier_type', 'text', (c) => c.notNull())
    .addColumn('article', 'text', (c) => c.notNull())
    .addColumn('article_title', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('ruling_date', 'text', (c) => c.notNull())
    .addColumn('violation_at', 'text', (c) => c.notNull())
    .addColumn('days_ago', 'integer')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('paid', 'boolean', (c) => c.notNull())
    .addColumn('camera_id', 'text')
    .addColumn('speed_actual', 'integer')
    .addColumn('speed_limit', 'integer')
    .addColumn('payee', 'jsonb', (c) => c.notNull())
    .addColumn('share_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fines_subject_key').on('fines').column('subject_key').execute();
  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('fine_id', 'integer', (c) => c.notNull().references('fines.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_fine_id').on('orders').column('fine_id').execute();
  await db.schema
    .createTable('photos')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('fine_id', 'integer', (c) => c.notNull().references('fines.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photos_fine_id').on('photos').column('fine_id').execute();
  await db.schema
    .createTable('photo_fetches')
    .addColumn('fine_id', 'integer', (c) => c.primaryKey().references('fines.id'))
    .addColumn('ready_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('search_grants')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_key', 'text', (c) => c.notNull().references('fine_subjects.key'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_grants_pk', ['user_id', 'subject_key'])
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['search_grants', 'photo_fetches', 'photos', 'orders', 'fines', 'fine_subjects']) {
    await db.schema.dropTable(table).execute();
  }
}
