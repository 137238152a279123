import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrate.ts';

/** Where the database lives: PostgreSQL at `databaseUrl`, else PGlite in `dataDir` (in memory when dataDir is undefined). */
export type DatabaseTarget = { databaseUrl?: string | undefined; dataDir?: string | undefined; schema?: string | undefined };

/** Opens the database now (never lazily inside a request) and runs the migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Kysely<Database>> {
  const db = new Kysely<Database>({ dialect: await dialectFor(target) });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** PostgreSQL through a pg pool, or an opened PGlite. */
async function dialectFor(target: DatabaseTarget): Promise<PostgresDialect | PGliteDialect> {
  if (target.databaseUrl !== undefined) {
    if (target.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(target.schema)) {
      throw new Error(`Bad schema name "${target.schema}"`);
    }
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 10,
      ...(target.schema === undefined ? {} : { options: `-c search_path=${target.schema}` }),
    });
    return new PostgresDialect({ pool });
  }
  let dataDir: string | undefined;
  if (target.dataDir !== undefined) {
    dataDir = join(target.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir === undefined ? {} : { dataDir });
  return new PGliteDialect({ pglite });
}
