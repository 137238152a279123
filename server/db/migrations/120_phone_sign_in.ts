import type { Kysely } from 'kysely';

/**
 * Sign-in by a Russian mobile number and a code by SMS (issue 29): the account's confirmed phone (one
 * phone per account, one account per phone), the codes sent (only their hashes), and the SMS sent a
 * day across the whole service, so every process keeps to one budget.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_phones')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('confirmed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('phone_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('phone_codes_phone').on('phone_codes').columns(['phone', 'created_at']).execute();
  await db.schema
    .createTable('sms_budget')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .execute();
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_budget').execute();
  await db.schema.dropTable('phone_codes').execute();
  await db.schema.dropTable('user_phones').execute();
}
