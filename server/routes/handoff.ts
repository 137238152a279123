import { Hono } from 'hono';
import { HandoffExchangeInput, HandoffInput } from '../../src/api/structs/identityLinks.ts';
import type { AppDeps } from '../appDeps.ts';
import { exchangeHandoff, issueHandoff } from '../accounts/sessionHandoff.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { addressSubject, clientAddress, enforceLimit } from '../http/rateLimit.ts';

/** Codes an app may ask for per user and minute (one per page it opens). */
const ISSUE_LIMIT = { limit: 30, windowMs: 60_000 };
/** Exchanges an address may try per minute: a code is 256 bits, this only keeps the log quiet. */
const EXCHANGE_LIMIT = { limit: 60, windowMs: 60_000 };

/**
 * The one-time handoff for apps and partners (issue 23): instead of `?session=…&rand=…&userId=…` in
 * the address of a page it opens, an app asks for a code with its session and opens the page with
 * `?handoff=CODE`; the page exchanges it by POST for a session of its own. Used once, within 2 minutes.
 */
export function handoffRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/handoff', requireUser(deps), async (c) => {
    const input = parseInput(HandoffInput, await bodyInput(c), 400);
    const userId = userOf(c);
    await enforceLimit(c, deps.limiter, 'handoff', `user:${userId}`, ISSUE_LIMIT);
    const { code, expiresAt } = await issueHandoff(deps.db, userId, input.platform, deps.clock());
    return ok(c, { code, expiresAt: expiresAt.toISOString() });
  });

  routes.post('/handoff/exchange', async (c) => {
    await enforceLimit(c, deps.limiter, 'handoffExchange', addressSubject(clientAddress(c, deps.trustProxy)), EXCHANGE_LIMIT);
    const input = parseInput(HandoffExchangeInput, await bodyInput(c), 400);
    const session = await exchangeHandoff(deps.db, input.code, deps.clock());
    if (session === undefined) throw new ApiError(410, 'Ссылка устарела или уже открыта. Откройте страницу из приложения ещё раз');
    return ok(c, session);
  });

  return routes;
}
