import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { AnalyticsQuery } from '../../src/api/structs/admin.ts';
import type { AppDeps } from '../appDeps.ts';
import { readUser } from '../accounts/accountStore.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseInput, queryInput } from '../http/input.ts';
import { analyticsByDay } from '../platform/analytics.ts';

/** Lets through only a signed-in account whose confirmed e-mail is in ADMIN_EMAILS; anyone else gets 404 (after requireUser). */
export function requireAdmin(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const admins = new Set((deps.adminEmails ?? []).map((email) => email.toLowerCase()));
  return async (c, next) => {
    const user = await readUser(deps.db, userOf(c));
    if (user?.email === null || user?.email === undefined || user.email_confirmed_at === null || !admins.has(user.email.toLowerCase())) throw notFound();
    await next();
  };
}

/** The team's pages: only accounts listed in ADMIN_EMAILS; anyone else gets the same 404 as a missing page. */
export function adminRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('/admin/*', requireUser(deps), requireAdmin(deps));

  routes.get('/admin/analytics', async (c) => {
    const { days } = parseInput(AnalyticsQuery, queryInput(c), 400);
    const count = days === undefined ? 30 : Number(days);
    if (!Number.isInteger(count) || count < 1 || count > 90) throw new ApiError(400, 'Период — от 1 до 90 дней');
    return ok(c, await analyticsByDay(deps.db, deps.clock(), count));
  });
  return routes;
}
