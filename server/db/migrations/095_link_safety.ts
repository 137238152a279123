import type { Kysely } from 'kysely';

/**
 * Links that cannot be turned against their reader (issue 23): a mailed link can be ended before it
 * is used (a password change, a reset, an erasure); a device's anonymous data moves into an account
 * only through an offer the device itself confirms; apps hand a session to a page through a one-time
 * code instead of the raw credentials in its address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('revoked_at', 'timestamptz').execute();
  await db.schema.createIndex('auth_tokens_email').on('auth_tokens').column('email').execute();
  await db.schema
    .createTable('device_merge_offers')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('anonymous_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('session_handoffs')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_handoffs').execute();
  await db.schema.dropTable('device_merge_offers').execute();
  await db.schema.dropIndex('auth_tokens_email').execute();
  await db.schema.alterTable('auth_tokens').dropColumn('revoked_at').execute();
}
