import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/** Order amounts in kopecks: a discounted fine (562.50 ₽) is not a whole number of roubles. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('amount_kopecks', 'integer').execute();
  await sql`update orders set amount_kopecks = amount * 100`.execute(db);
  await db.schema.alterTable('orders').alterColumn('amount_kopecks', (c) => c.setNotNull()).execute();
  await db.schema.alterTable('orders').dropColumn('amount').execute();
}

/** Back to whole roubles (rounding kopecks away). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('amount', 'integer').execute();
  await sql`update orders set amount = round(amount_kopecks / 100.0)`.execute(db);
  await db.schema.alterTable('orders').alterColumn('amount', (c) => c.setNotNull()).execute();
  await db.schema.alterTable('orders').dropColumn('amount_kopecks').execute();
}
