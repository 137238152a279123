import type { Kysely } from 'kysely';

/**
 * Our A3 sandbox's card binding and token charges (issue 25 §1): the bindings it holds (with the token
 * once a test card is bound) and which token paid which order (a token charge is also an order in
 * a3_sandbox_orders, so the status request and the polling job see it like any A3 payment).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('a3_sandbox_bindings')
    .addColumn('binding_id', 'text', (c) => c.primaryKey())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('fail_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.unique())
    .addColumn('card', 'text')
    .addColumn('expiry', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('a3_sandbox_token_charges')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Undoes up(). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('a3_sandbox_token_charges').execute();
  await db.schema.dropTable('a3_sandbox_bindings').execute();
}
