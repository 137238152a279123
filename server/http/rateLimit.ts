import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
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

/** Settings of a fixed-window limiter: `limit` requests per `windowMs` per address; limit 0 turns it off. */
export type RateLimitOptions = { limit: number; windowMs: number; trustProxy: boolean; clock: () => Date };

/** Counts requests per client address in fixed windows (per process); over the limit → 429 envelope. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    if (options.limit > 0) {
      const now = options.clock().getTime();
      if (windows.size > 10_000) {
        for (const [key, w] of windows) if (now - w.start >= options.windowMs) windows.delete(key);
      }
      const address = clientAddress(c, options.trustProxy);
      let current = windows.get(address);
      if (current === undefined || now - current.start >= options.windowMs) {
        current = { start: now, count: 0 };
        windows.set(address, current);
      }
      current.count += 1;
      if (current.count > options.limit) {
        const retryAfter = Math.max(1, Math.ceil((current.start + options.windowMs - now) / 1000));
        c.header('Retry-After', String(retryAfter));
        throw new ApiError(429, `Слишком много запросов. Повторите через ${retryAfter} с`);
      }
    }
    await next();
  };
}
