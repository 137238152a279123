import type { Kysely } from 'kysely';

/**
 * The fines sandbox's own memory, shared by every API process: the day each document was first asked
 * about (generation is anchored to it, so a later check finds the same rulings), and the fines added
 * by the sandbox controls (SANDBOX_CONTROL=1), which later checks find as new.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_subjects')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('anchor_day', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_fines')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('fine', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_fines_subject_key').on('sandbox_fines').column('subject_key').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_fines').execute();
  await db.schema.dropTable('sandbox_subjects').execute();
}
