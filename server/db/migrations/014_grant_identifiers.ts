import type { Kysely } from 'kysely';

/**
 * A grant keeps the document the user proved they hold (an СТС, a plate, a licence…): a fine reached
 * through it shows that document, never the one another user first looked the vehicle up by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('search_grants').addColumn('identifier', 'text').addColumn('identifier_type', 'text').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('search_grants').dropColumn('identifier_type').dropColumn('identifier').execute();
}
