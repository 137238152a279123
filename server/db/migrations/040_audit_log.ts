import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * The audit log: who did what to which object and when, for sign-ins, passwords, documents, payments
 * and organizations. It holds ids and a keyed hash of the address, never an e-mail, a document or an
 * address in clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('object_type', 'text')
    .addColumn('object_id', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('address_hash', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
