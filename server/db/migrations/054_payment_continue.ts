import type { Kysely } from 'kysely';

/**
 * A payment remembers the gateway page its payer was sent to (issue 24): a payer who went Back from
 * the bank can continue on the same page while the payment still holds its fines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('redirect_url', 'text').execute();
}

/** Undoes up(). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('redirect_url').execute();
}
