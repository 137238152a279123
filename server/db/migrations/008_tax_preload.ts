import type { Kysely } from 'kysely';

/** When the user's tax list started to be prepared (GET /preload, spec §4 "Preload"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('taxes_preload_started_at', 'timestamptz').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('taxes_preload_started_at').execute();
}
