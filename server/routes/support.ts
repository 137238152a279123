import type { Context } from 'hono';
import { Hono } from 'hono';
import { SupportTicketInput } from '../../src/api/structs/support.ts';
import { parsePlatform } from '../../src/lib/platform.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { optionalUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { addressSubject, clientAddress, enforceLimit, hashedSubject } from '../http/rateLimit.ts';
import { ticketConfirmationMail, ticketMail } from '../platform/supportMails.ts';
import { insertTicket } from '../platform/supportTickets.ts';

/** Tickets per client address per hour, and confirmations per recipient per hour. */
export const SUPPORT_LIMITS = { perAddress: { limit: 10, windowMs: 3_600_000 }, perRecipient: { limit: 3, windowMs: 3_600_000 } } as const;

/** Support tickets (spec §3 "Support ticket request", §7 "Other"): stored, mailed to the team, confirmed to the user. */
export function supportRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const supportEmail = deps.supportEmail ?? 'support@localhost.localdomain';

  const create = async (c: Context<AppEnv>, body: Record<string, unknown>) => {
    const input = parseInput(SupportTicketInput, body);
    const platform = parsePlatform(input.user_platform);
    if (platform === undefined) throw new ApiError(400, 'Некорректная платформа: ожидается web или chromeExtension');
    await enforceLimit(c, deps.limiter, 'support', addressSubject(clientAddress(c, deps.trustProxy)), SUPPORT_LIMITS.perAddress);
    // A user id in the body is taken only when the request's own session is that user's.
    const signedIn = c.get('userId');
    const claimed = input.user_id === undefined || input.user_id === '' ? undefined : Number(input.user_id);
    const ticket = { userId: signedIn !== undefined && (claimed === undefined || claimed === signedIn) ? signedIn : null, email: input.email, content: input.content, platform, appVersion: input.user_app_version ?? '' };
    const id = await insertTicket(deps.db, ticket, deps.clock());
    deps.mail.sendLater(ticketMail(supportEmail, deps.siteUrl, id, ticket));
    const confirm = await deps.limiter.hit('supportConfirm', hashedSubject(input.email), SUPPORT_LIMITS.perRecipient);
    if (confirm.allowed) deps.mail.sendLater(ticketConfirmationMail(input.email, deps.siteUrl, id));
    return ok(c, { id });
  };

  routes.post('/support/create', optionalUser(deps, { ignoreInvalid: true }), async (c) => create(c, await bodyInput(c)));
  routes.post('/support/ticket', optionalUser(deps, { ignoreInvalid: true }), async (c) => {
    if (!(c.req.header('content-type') ?? '').includes('application/json')) throw new ApiError(415, 'Обращение принимается в формате JSON (application/json)');
    return create(c, await bodyInput(c));
  });
  return routes;
}
