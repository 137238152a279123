/** A bounded map that forgets its least recently used entries. */
export type Lru<K, V> = { get(key: K): V | undefined; set(key: K, value: V): void; delete(key: K): void };

/** A map of at most `max` entries; the oldest-used go first. */
export function createLru<K, V>(max: number): Lru<K, V> {
  const entries = new Map<K, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
  };
}

/** A live session as cached: whose it is, its rand, its last use (for expiry), and until when the cache may vouch for it (ms). */
export type CachedSession = { userId: number; rand: string; lastUsedAt: number; until: number };

/**
 * Per-process memory that spares the database on hot paths. Only facts that cannot become false are
 * kept for long (a subject once stored stays stored; a grant once given stays given); sessions are
 * kept for SESSION_CACHE_MS so a session revoked by another process dies everywhere within that time
 * (the process that revokes it forgets it at once).
 */
export type ApiCaches = {
  sessions: Lru<string, CachedSession>;
  storedSubjects: Lru<string, true>;
  /** Granted keys per user, with the document the user looked them up by (null: not kept). */
  grants: Lru<string, { identifier: string; identifierType: string } | null>;
};

/** How long a checked session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 2_000;

/** Fresh caches for one app. */
export function createCaches(): ApiCaches {
  return { sessions: createLru(10_000), storedSubjects: createLru(100_000), grants: createLru(100_000) };
}
