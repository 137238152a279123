import { Hono } from 'hono';
import { MailSendInput } from '../../src/api/structs/mailRelay.ts';
import type { AppDeps } from '../appDeps.ts';
import { readUser } from '../accounts/accountStore.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { enforceLimit } from '../http/rateLimit.ts';
import { composeRelayMail, readRelayRequest } from '../platform/mailRelay.ts';

/** Relay mails per account per hour. */
export const MAIL_RELAY_LIMIT = { limit: 10, windowMs: 3_600_000 } as const;

/** POST /mail/send (spec §3 "Mail", §7 "Other"): our templates only, to the account itself or the team — never an open relay. */
export function mailRelayRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const team = [deps.supportEmail ?? 'support@localhost.localdomain'];

  routes.post('/mail/send', requireUser(deps), async (c) => {
    const input = parseInput(MailSendInput, await bodyInput(c), 400);
    const request = readRelayRequest(input);
    const user = await readUser(deps.db, userOf(c));
    if (user?.email === null || user?.email === undefined || user.email_confirmed_at === null) throw new ApiError(403, 'Письма можно отправлять после подтверждения e-mail');
    const message = composeRelayMail(request, user.email, team, deps.siteUrl);
    await enforceLimit(c, deps.limiter, 'mailRelay', String(user.id), MAIL_RELAY_LIMIT);
    try {
      await deps.mail.send(message);
    } catch (error) {
      deps.onUnexpectedError?.(new Error('Relay mail was not sent', { cause: error }));
      throw new ApiError(502, 'Почтовый сервер не принял письмо. Попробуйте позже');
    }
    return ok(c, { sent: true });
  });
  return routes;
}
