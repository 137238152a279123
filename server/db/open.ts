import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrate.ts';
import { WriteWatch } from './writeWatch.ts';

/** Where the database lives: PostgreSQL at `databaseUrl`, else PGlite in `dataDir` (in memory when dataDir is undefined). */
export type DatabaseTarget = { databaseUrl?: string | undefined; dataDir?: string | undefined; schema?: string | undefined };

/** The pg pool behind each PostgreSQL database (for the pool metrics); PGlite has none. */
const pools = new WeakMap<object, pg.Pool>();

/** The connections of a database's pool: all, idle and waited for; undefined on PGlite. */
export function poolStats(db: Kysely<Database>): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool === undefined ? undefined : { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Tables whose rows a process may keep in memory while nothing writes them (server/fines/fineReadCache.ts). */
const WATCHED_TABLES = ['fines', 'orders'];

/** The write watch of each PGlite database; PostgreSQL has none (other processes write it too). */
const watches = new WeakMap<object, WriteWatch>();

/**
 * The count of writes to the watched tables, when this process sees every write of `db`: PGlite, one
 * process on one connection, used outside a transaction. Undefined otherwise: nothing may be cached.
 */
export function writeVersion(db: Kysely<Database>): number | undefined {
  return db.isTransaction ? undefined : watches.get(db)?.version;
}

/** Opens the database now (never lazily inside a request) and runs the migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Kysely<Database>> {
  const dialect = await dialectFor(target);
  const watch = dialect.pool === undefined ? new WriteWatch(WATCHED_TABLES) : undefined;
  const db = new Kysely<Database>({ dialect: dialect.dialect, ...(watch === undefined ? {} : { plugins: [watch] }) });
  if (dialect.pool !== undefined) pools.set(db, dialect.pool);
  if (watch !== undefined) watches.set(db, watch);
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** PostgreSQL through a pg pool, or an opened PGlite. */
async function dialectFor(target: DatabaseTarget): Promise<{ dialect: PostgresDialect | PGliteDialect; pool?: pg.Pool }> {
  if (target.databaseUrl !== undefined) {
    if (target.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(target.schema)) {
      throw new Error(`Bad schema name "${target.schema}"`);
    }
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 10,
      ...(target.schema === undefined ? {} : { options: `-c search_path=${target.schema}` }),
    });
    return { dialect: new PostgresDialect({ pool }), pool };
  }
  let dataDir: string | undefined;
  if (target.dataDir !== undefined) {
    dataDir = join(target.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir === undefined ? {} : { dataDir });
  return { dialect: new PGliteDialect({ pglite }) };
}
