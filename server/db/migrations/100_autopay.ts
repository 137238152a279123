import type { Kysely } from 'kysely';

/**
 * Автооплата (issue 25 §1): cards bound at a gateway (only its token, the mask and the expiry — never the
 * number), the documents a user pays automatically with their limits, the fines scheduled for charging,
 * tokens waiting to be removed at the gateway, and the moneta sandbox's own tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('autopay_cards')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('token', 'text')
    .addColumn('mask', 'text')
    .addColumn('expiry', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('bound_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('autopay_cards_user').on('autopay_cards').column('user_id').execute();
  await db.schema
    .createTable('autopay_rules')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_kind', 'text', (col) => col.notNull())
    .addColumn('document_id', 'integer', (col) => col.notNull())
    .addColumn('subject_key', 'text', (col) => col.notNull())
    .addColumn('subject', 'jsonb', (col) => col.notNull())
    .addColumn('max_fine_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('monthly_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('autopay_rules_document', ['user_id', 'document_kind', 'document_id'])
    .execute();
  await db.schema
    .createTable('autopay_charges')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rule_id', 'integer', (col) => col.references('autopay_rules.id').onDelete('set null'))
    .addColumn('fine_id', 'integer', (col) => col.notNull())
    .addColumn('uin', 'text', (col) => col.notNull())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('discount_last_day', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('charge_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('payment_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('autopay_charges_fine', ['user_id', 'fine_id'])
    .execute();
  await db.schema.createIndex('autopay_charges_due').on('autopay_charges').columns(['status', 'charge_at']).execute();
  await db.schema
    .createTable('autopay_token_removals')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('moneta_sandbox_tokens')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('operation_id', 'text', (col) => col.notNull().unique())
    .addColumn('subscriber_id', 'text', (col) => col.notNull())
    .addColumn('card', 'text', (col) => col.notNull())
    .addColumn('expiry', 'text', (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('moneta_sandbox_charges')
    .addColumn('client_transaction', 'text', (col) => col.primaryKey())
    .addColumn('operation_id', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

/** Undoes up(). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['moneta_sandbox_charges', 'moneta_sandbox_tokens', 'autopay_token_removals', 'autopay_charges', 'autopay_rules', 'autopay_cards']) await db.schema.dropTable(table).execute();
}
