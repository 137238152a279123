import { NO_MIGRATIONS } from 'kysely/migration';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migratorFor } from '../../server/db/migrate.ts';
import type { TestDatabase } from './helpers/database.ts';
import { openTestDatabase } from './helpers/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The app's tables in the current schema. */
async function tables(db: Kysely<unknown>): Promise<string[]> {
  const all = await db.introspection.getTables();
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return all.filter((t) => t.schema === rows[0]?.schema).map((t) => t.name).sort();
}

describe('migrations', () => {
  it('are all applied on open, and applying again changes nothing', async () => {
    const db = database.db as Kysely<unknown>;
    const migrations = await (await migratorFor(db)).getMigrations();
    expect(migrations.length).toBeGreaterThanOrEqual(4);
    expect(migrations.every((m) => m.executedAt !== undefined)).toBe(true);
    const before = await tables(db);
    await migrateToLatest(db);
    expect(await tables(db)).toEqual(before);
  });

  it('go all the way down and up again', async () => {
    const db = database.db as Kysely<unknown>;
    const full = await tables(db);
    const down = await (await migratorFor(db)).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await tables(db)).toEqual([]);
    await migrateToLatest(db);
    expect(await tables(db)).toEqual(full);
  });
});
