import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Replies `{ status: 'ok', response }`. */
export function ok(c: Context, response: unknown): Response {
  return c.json({ status: 'ok', response }, 200);
}

/** Replies `{ status: 'error', error: { errorDesc } }` with the given HTTP status. */
export function fail(c: Context, status: ContentfulStatusCode, errorDesc: string): Response {
  return c.json({ status: 'error', error: { errorDesc } }, status);
}

/** Replies `{ status: 'wait', response: { timeout } }` (202): ask again after `timeout` seconds. */
export function wait(c: Context, timeout: number): Response {
  return c.json({ status: 'wait', response: { timeout } }, 202);
}
