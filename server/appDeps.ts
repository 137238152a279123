import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { FinesProvider } from './providers/fines/provider.ts';
import type { ApiCaches } from './http/caches.ts';
import type { RateLimiter } from './http/rateLimit.ts';

/** What the API needs from the outside world; tests inject their own database and clock. */
export type AppDeps = {
  db: Kysely<Database>;
  /** The current time; a fixed clock in tests. */
  clock: () => Date;
  /** Where fines come from (the sandbox for now). */
  fines: FinesProvider;
  /** How long the sandbox takes to "fetch" a fine's photos, ms (0: at once). */
  photoDelayMs: number;
  /** Anonymous УИН searches per client address per minute; 0 turns the limit off. */
  uinRateLimit: number;
  /** Take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Site origins allowed to call the API cross-origin (none: same origin only). */
  corsOrigins?: readonly string[];
  /** Per-process caches; createApp makes fresh ones when not given. */
  caches?: ApiCaches;
  /** Rate limits shared by every process (the database's token buckets). */
  limiter: RateLimiter;
  /** Told about every unexpected error (a 500), e.g. to log it; tests use it to prove bad input never gets there. */
  onUnexpectedError?: (error: unknown) => void;
};

/** What createApp is given: AppDeps, with the parts it can make itself left optional. */
export type AppOptions = Omit<AppDeps, 'limiter'> & { limiter?: RateLimiter };
