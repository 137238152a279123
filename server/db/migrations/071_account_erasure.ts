import type { Kysely } from 'kysely';

/** When an account was erased at its owner's request (152-ФЗ art. 21): what is left of it is kept for the law's sake only. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('erased_at', 'timestamptz').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
}
