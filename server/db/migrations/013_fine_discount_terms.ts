import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { discountTerms } from '../../fines/discountTerms.ts';

/**
 * Each fine keeps its discount terms (days the discount lasts after the ruling, the sums with and
 * without it, kopecks), so a fleet of 50,000 fines is filtered, totalled and paged in SQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fines')
    .addColumn('discount_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_kopecks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('full_kopecks', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const rows = await sql<{ id: number; ruling_date: string; article: string; amount: number }>`select id, ruling_date, article, amount from fines`.execute(db);
  for (const row of rows.rows) {
    const terms = discountTerms(row.ruling_date, row.article, row.amount);
    await sql`update fines set discount_days = ${terms.discountDays}, discount_kopecks = ${terms.discountKopecks}, full_kopecks = ${terms.fullKopecks} where id = ${row.id}`.execute(db);
  }
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fines').dropColumn('full_kopecks').dropColumn('discount_kopecks').dropColumn('discount_days').execute();
}
