import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/** Content-Security-Policy violation reports browsers send us (issue 17 item 10): route patterns and origins only. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('csp_reports')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('page', 'text', (col) => col.notNull())
    .addColumn('directive', 'text', (col) => col.notNull())
    .addColumn('blocked', 'text', (col) => col.notNull())
    .addColumn('source_file', 'text')
    .addColumn('line', 'integer')
    .addColumn('disposition', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('csp_reports_received_at').on('csp_reports').column('received_at').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('csp_reports').execute();
}
