import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Accounts: a user becomes an account when an e-mail is confirmed on it; passwords (Argon2id
 * hashes), notification choice, session use times for expiry, single-use e-mail tokens, and the
 * outbox that keeps mail when no SMTP server is configured.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email', 'text')
    .addColumn('email_confirmed_at', 'timestamptz')
    .addColumn('password_hash', 'text')
    .addColumn('do_notify', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ordinances_refreshed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('users_email').unique().on('users').column('email').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo('web'))
    .execute();
  await sql`update sessions set last_used_at = created_at`.execute(db);
  await db.schema.alterTable('sessions').alterColumn('last_used_at', (c) => c.setNotNull()).execute();
  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('is_legal_entity', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_tokens_user_id').on('auth_tokens').column('user_id').execute();
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('auth_tokens').execute();
  await db.schema.alterTable('sessions').dropColumn('platform').dropColumn('last_used_at').execute();
  await db.schema.dropIndex('users_email').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('ordinances_refreshed_at')
    .dropColumn('do_notify')
    .dropColumn('password_hash')
    .dropColumn('email_confirmed_at')
    .dropColumn('email')
    .execute();
}
