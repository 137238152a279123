import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './appEnv.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from '../observability/requestEntry.ts';
import type { RequestObserver } from '../observability/requestEntry.ts';

/**
 * The API's first middleware: gives the request its id (kept from the proxy's X-Request-Id, sent back
 * in the reply) and, when the request is done, tells the observer its route pattern ('/105/api/fines/:id',
 * never the path with an id or a hash in it), status and duration.
 */
export function observeRequests(observer: RequestObserver | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', requestId);
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    observer?.({ requestId, method: c.req.method, route: routePattern(c), status: c.res.status, ms: performance.now() - started });
  };
}

/** The pattern of the handler that answered (middleware is registered for every method, handlers are not). */
export function routePattern(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const handlers = matchedRoutes(c).filter((route) => route.method !== 'ALL');
  return handlers.at(-1)?.path ?? '{unmatched}';
}
