import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AppEnv } from './appEnv.ts';
import { ApiError } from './apiError.ts';

/**
 * The caller's address: the socket's peer, or, behind a trusted proxy, the last X-Forwarded-For hop —
 * the address that proxy saw (earlier hops are whatever the client chose to send).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No Node socket (app.request in tests, another runtime): all such callers share one bucket.
    return 'unknown';
  }
}

/**
 * The subject a limit counts an address under: an IPv4 address as it is, an IPv6 client by its /64
 * (one home or one phone gets a whole /64, so counting single addresses would let it rotate freely).
 */
export function addressSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 64);
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case, without leading zeros. */
function expandIPv6(address: string): string[] {
  const plain = address.split('%')[0] ?? address;
  const [head = '', tail] = plain.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return groups.map((g) => (g.includes('.') ? g : (Number.parseInt(g, 16) || 0).toString(16)));
}

/** A subject that is personal data (an e-mail) counted under its hash, so the table holds no address. */
export function hashedSubject(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** At most `limit` requests per `windowMs` on average, with bursts up to `limit`; limit 0 turns it off. */
export type LimitRule = { limit: number; windowMs: number };

/** What the limiter decided for one request. */
export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSec: number };

/** Token buckets in the database: every process and every restart sees the same counts. */
export type RateLimiter = {
  /** Takes one token from the bucket of (name, subject), or says how long until one is there. */
  hit(name: string, subject: string, rule: LimitRule): Promise<LimitVerdict>;
};

/** How many hits between two sweeps of buckets that are full again (they are the same as no row). */
const SWEEP_EVERY = 1000;

/** A limiter over the `rate_limits` table. */
export function createRateLimiter(db: Kysely<Database>, clock: () => Date): RateLimiter {
  let hitsSinceSweep = 0;
  return {
    async hit(name, subject, rule) {
      if (rule.limit <= 0) return { allowed: true };
      const now = clock().getTime();
      const key = `${name}:${subject}`;
      // Refill since the last hit, capped at the limit; take a token when one is there. One statement,
      // so concurrent hits from many processes are serialised by the row lock.
      const refilled = sql<number>`least(${rule.limit}::double precision, r.tokens + greatest(0, ${now}::bigint - r.updated_at)::double precision * ${rule.limit}::double precision / ${rule.windowMs}::double precision)`;
      const result = await sql<{ tokens: number; last_allowed: boolean }>`
        insert into rate_limits as r (key, tokens, updated_at, last_allowed, expires_at)
        values (${key}, ${rule.limit - 1}, ${now}, true, ${now + rule.windowMs})
        on conflict (key) do update set
          tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
          last_allowed = ${refilled} >= 1,
          updated_at = ${now}::bigint,
          expires_at = ${now + rule.windowMs}::bigint
        returning tokens, last_allowed`.execute(db);
      const row = result.rows[0];
      if (++hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await sql`delete from rate_limits where expires_at < ${now}::bigint`.execute(db);
      }
      if (row === undefined || row.last_allowed) return { allowed: true };
      const msToToken = ((1 - Number(row.tokens)) * rule.windowMs) / rule.limit;
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(msToToken / 1000)) };
    },
  };
}

/** The 429 for a refused hit, in Russian, with Retry-After set on the reply. */
export function tooManyRequests(c: Context, retryAfterSec: number): ApiError {
  c.header('Retry-After', String(retryAfterSec));
  return new ApiError(429, `Слишком много запросов. Повторите через ${retryAfterSec} с`);
}

/** Takes a token for (name, subject); throws the 429 when there is none. */
export async function enforceLimit(c: Context, limiter: RateLimiter, name: string, subject: string, rule: LimitRule): Promise<void> {
  const verdict = await limiter.hit(name, subject, rule);
  if (!verdict.allowed) throw tooManyRequests(c, verdict.retryAfterSec);
}

/** Settings of a per-address limit on a route. */
export type RateLimitOptions = LimitRule & { name: string; trustProxy: boolean };

/** Limits a route per client address (an IPv6 client per /64), shared across processes; over the limit → 429 envelope. */
export function rateLimit(limiter: RateLimiter, options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await enforceLimit(c, limiter, options.name, addressSubject(clientAddress(c, options.trustProxy)), options);
    await next();
  };
}
