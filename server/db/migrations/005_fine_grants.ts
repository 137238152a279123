import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * A search by УИН grants that one fine ('uin:{number}'), not every fine of the document it belongs to,
 * so grant keys are no longer always fines subjects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('search_grants').dropConstraint('search_grants_subject_key_fkey').execute();
}

/** Back to subject keys only (grants of single fines are dropped). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from search_grants where subject_key not in (select key from fine_subjects)`.execute(db);
  await db.schema
    .alterTable('search_grants')
    .addForeignKeyConstraint('search_grants_subject_key_fkey', ['subject_key'], 'fine_subjects', ['key'])
    .execute();
}
