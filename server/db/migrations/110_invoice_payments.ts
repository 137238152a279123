import type { Kysely } from 'kysely';

/**
 * Issue 26 §0: how each invoice was settled (by the operator, by a bank statement, by the sandbox
 * call) and the bank statements already read, so that one uploaded twice changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_statements')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('documents', 'integer', (c) => c.notNull())
    .addColumn('matched', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().unique().references('invoices.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('statement_id', 'integer', (c) => c.references('bank_statements.id').onDelete('set null'))
    .addColumn('document', 'text')
    .addColumn('subscription_end', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_payments').execute();
  await db.schema.dropTable('bank_statements').execute();
}
