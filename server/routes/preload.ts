import { Hono } from 'hono';
import { object, optional, literal } from 'superstruct';
import type { AppDeps } from '../appDeps.ts';
import { hasInn, readUser, updateUser } from '../accounts/accountStore.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseInput, queryInput } from '../http/input.ts';

/** GET /preload query: web=1 as the site sends it. */
const PreloadQuery = object({ web: optional(literal('1')) });

/**
 * GET /preload?web=1 (spec §4 "Preload"): the tax list of the user's ИНН is prepared by the tax
 * source, which takes a while; the first call starts it and answers how many seconds to wait, later
 * calls answer the rest of the wait or `taxeslist: true` once it is ready. A user without an ИНН has
 * nothing to prepare.
 */
export function preloadRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/preload', requireUser(deps), async (c) => {
    parseInput(PreloadQuery, queryInput(c), 400);
    const userId = userOf(c);
    if (!(await hasInn(deps.db, userId))) return ok(c, { taxeslist: true });
    const now = deps.clock();
    let started = (await readUser(deps.db, userId))?.taxes_preload_started_at ?? null;
    if (started === null) {
      started = now;
      await updateUser(deps.db, userId, { taxes_preload_started_at: now });
    }
    const left = started.getTime() + deps.ordinancesDelayMs - now.getTime();
    return ok(c, left <= 0 ? { taxeslist: true } : { wait: Math.ceil(left / 1000) });
  });
  return routes;
}
