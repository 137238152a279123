import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Platform services (issue 14): first-party analytics events, A/B experiments, support tickets and
 * recorded consents. Events are append-only: a BRIN index on the time keeps inserts cheap (a B-tree
 * on a growing timestamp costs a page split per batch; BRIN is one summary row per 128 pages).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracking_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('tracking_id', 'uuid')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('referer', 'text')
    .addColumn('params', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('device_id', 'text')
    .addColumn('app_version', 'text')
    .execute();
  await sql`create index tracking_events_created_at on tracking_events using brin (created_at)`.execute(db);
  await db.schema.createIndex('tracking_events_user').on('tracking_events').column('user_id').where(sql.ref('user_id'), 'is not', null).execute();

  await db.schema
    .createTable('experiments')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('variants', 'jsonb', (col) => col.notNull())
    .addColumn('url_pattern', 'text', (col) => col.notNull().defaultTo('*'))
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ends_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('app_version', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('support_tickets_user').on('support_tickets').column('user_id').execute();

  await db.schema
    .createTable('consents')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('given_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('consents_user').on('consents').column('user_id').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['consents', 'support_tickets', 'experiments', 'tracking_events']) await db.schema.dropTable(table).execute();
}
