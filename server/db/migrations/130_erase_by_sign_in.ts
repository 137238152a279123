import type { Kysely } from 'kysely';

/**
 * Erasure confirmed the way an account signs in (issue 29): an account without a confirmed e-mail
 * confirms by a code to its phone (phone_codes, purpose 'erase') or by a fresh round-trip through its
 * linked provider. `proven_at` marks when such an 'erase' flow came back as this very account's person;
 * the erasure takes that proof within minutes, on the server, never from an address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_flows').addColumn('proven_at', 'timestamptz').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_flows').dropColumn('proven_at').execute();
}
