import type { Kysely } from 'kysely';

/**
 * What an ИНН finds besides fines: tax accruals (ФНС) and enforcement proceedings (ФССП), stored on
 * the first check of the ИНН like fines are, so payment can change them; `inn_checks` says which ИНН
 * were asked about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inn_checks')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('taxes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('uin', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('amount_kopecks', 'bigint', (c) => c.notNull())
    .addColumn('payment_deadline', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('tax_authority', 'text', (c) => c.notNull())
    .addColumn('payee', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('taxes_subject_key').on('taxes').column('subject_key').execute();
  await db.schema
    .createTable('fssp_debts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('uin', 'text', (c) => c.notNull())
    .addColumn('opened_on', 'text', (c) => c.notNull())
    .addColumn('amount_kopecks', 'bigint', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('bailiff_office', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fssp_debts_subject_key').on('fssp_debts').column('subject_key').execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fssp_debts').execute();
  await db.schema.dropTable('taxes').execute();
  await db.schema.dropTable('inn_checks').execute();
}
