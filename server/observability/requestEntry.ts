import { randomUUID } from 'node:crypto';

/** One handled request as the access log and the metrics see it: a route pattern, never a filled-in path. */
export type RequestEntry = { requestId: string; method: string; route: string; status: number; ms: number };

/** Receives every handled request (the access log, the metrics). */
export type RequestObserver = (entry: RequestEntry) => void;

/** Header that carries a request's id through the proxy, the site server and the API. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * The id of a request: the one a proxy in front already gave it (when it looks like an id: letters,
 * digits, dashes, 8 to 64 of them, so a client cannot put text into our logs), else a new UUID.
 */
export function requestIdFrom(header: string | null | undefined): string {
  return header !== null && header !== undefined && /^[A-Za-z0-9_-]{8,64}$/.test(header) ? header : randomUUID();
}
