import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Taxes paid like fines (issue 16): a payment item is a fine or a tax accrual (by its row in `taxes`),
 * and a tax is held by at most one running payment, as a fine is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_items').alterColumn('fine_id', (col) => col.dropNotNull()).execute();
  await db.schema.alterTable('payment_items').addColumn('tax_id', 'integer', (col) => col.references('taxes.id')).execute();
  await sql`alter table payment_items add constraint payment_items_one_kind check ((fine_id is null) <> (tax_id is null))`.execute(db);
  await sql`create unique index payment_items_one_running_tax on payment_items (tax_id) where holds`.execute(db);
}

/** Undoes up() (tax items are removed first). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from payment_items where tax_id is not null`.execute(db);
  await sql`drop index payment_items_one_running_tax`.execute(db);
  await sql`alter table payment_items drop constraint payment_items_one_kind`.execute(db);
  await db.schema.alterTable('payment_items').dropColumn('tax_id').execute();
  await db.schema.alterTable('payment_items').alterColumn('fine_id', (col) => col.setNotNull()).execute();
}
