import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../../server/db/open.ts';
import type { Database } from '../../../server/db/schema.ts';

/** A fresh, migrated database of its own for one test file, and how to throw it away. */
export type TestDatabase = { db: Kysely<Database>; close(): Promise<void> };

/** PGlite in memory (TEST_DB=pglite, the default) or a new schema on TEST_DATABASE_URL (TEST_DB=postgres). */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env['TEST_DB'] !== 'postgres') {
    const db = await openDatabase({});
    return { db, close: () => db.destroy() };
  }
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (postgres://user@127.0.0.1:port/db)');
  const schema = `api_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: url, schema });
  return {
    db,
    close: async () => {
      await db.destroy();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleaner.end();
    },
  };
}
