import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { writeVersion } from '../db/open.ts';
import { createLru } from '../http/caches.ts';
import type { Lru } from '../http/caches.ts';

/** Filters remembered per database: the search path reads the same few documents again and again. */
const MAX_ENTRIES = 5_000;

/** What was read, and the write count it was read at. */
type Entry = { version: number; value: readonly unknown[] };

/** The remembered reads of each database. */
const entries = new WeakMap<object, Lru<string, Entry>>();

/** Freezes what is shared between requests (arrays and plain objects, all the way down), so no caller can change another request's rows. */
function frozen<T>(value: T): T {
  if (Array.isArray(value) || (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)) {
    for (const child of Object.values(value as object)) frozen(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * Fines with their orders by `key`, from memory while no write to `fines` or `orders` has run since
 * they were read (PGlite only, outside transactions: see writeVersion), else by `load`. A read that a
 * write overtook is answered but not kept. The rows are always frozen: callers copy what they change.
 */
export async function rememberedFines<T>(db: Kysely<Database>, key: string, load: () => Promise<T[]>): Promise<T[]> {
  const version = writeVersion(db);
  // Frozen wherever they come from, so a caller that changed them fails on every database alike.
  if (version === undefined) return frozen(await load());
  let remembered = entries.get(db);
  if (remembered === undefined) {
    remembered = createLru(MAX_ENTRIES);
    entries.set(db, remembered);
  }
  const hit = remembered.get(key);
  if (hit !== undefined && hit.version === version) return hit.value as T[];
  const value = frozen(await load());
  if (writeVersion(db) === version) remembered.set(key, { version, value });
  return value;
}
