import type { Kysely } from 'kysely';

/**
 * Notifications: when each document is checked again, what each user has already been told about
 * (and from when a document is watched), the notifications sent, discount reminders sent, browsers
 * subscribed to push, and secrets every process shares (signing keys made on first start).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subject_checks')
    .addColumn('subject_key', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'jsonb', (c) => c.notNull())
    .addColumn('next_check_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_checked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('subject_checks_due').on('subject_checks').column('next_check_at').execute();
  await db.schema
    .createTable('watch_baselines')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_baselines_pk', ['user_id', 'subject_key'])
    .execute();
  await db.schema
    .createTable('seen_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('seen_items_pk', ['user_id', 'item_key'])
    .execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('mailed_at', 'timestamptz')
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pushed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('notifications_user_id').on('notifications').column('user_id').execute();
  await db.schema
    .createTable('discount_reminders')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fine_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('discount_reminders_pk', ['user_id', 'fine_id'])
    .execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_id').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['app_secrets', 'push_subscriptions', 'discount_reminders', 'notifications', 'seen_items', 'watch_baselines', 'subject_checks']) {
    await db.schema.dropTable(table).execute();
  }
}
