import type { Kysely } from 'kysely';

/**
 * Sign-in by Яндекс ID and VK ID (issue 29): the provider accounts linked to ours, the flows under way
 * (state and PKCE verifier, bound to the device that started them), and our own sandbox of each
 * provider (its codes and tokens), so the whole path runs locally and in tests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    .addUniqueConstraint('user_identities_one_per_provider', ['user_id', 'provider'])
    .execute();
  await db.schema
    .createTable('oauth_flows')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('oauth_sandbox_grants')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_sandbox_grants').execute();
  await db.schema.dropTable('oauth_flows').execute();
  await db.schema.dropTable('user_identities').execute();
}
