import { Hono } from 'hono';
import { EraseInput } from '../../src/api/structs/privacy.ts';
import { maskEmail } from '../../src/lib/email.ts';
import type { AppDeps } from '../appDeps.ts';
import { readUser } from '../accounts/accountStore.ts';
import { issueToken } from '../accounts/mailTokens.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { enforceLimit } from '../http/rateLimit.ts';
import { eraseAccountByToken } from '../privacy/eraseAccount.ts';
import { exportPersonalData } from '../privacy/personalData.ts';
import { eraseConfirmationMail } from '../privacy/privacyMails.ts';
// The sections of today's capabilities register themselves when loaded (payments adds its own module).
import '../privacy/sections.ts';

/** Erase confirmations per account per hour. */
const ERASE_MAIL_LIMIT = { limit: 3, windowMs: 3_600_000 } as const;

/** Personal data self-service (152-ФЗ art. 14 and 21): download everything we hold, and erase the account after a mailed confirmation. */
export function privacyRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  routes.get('/account/export', signedIn, async (c) => {
    const data = await exportPersonalData(deps.db, userOf(c), deps.clock());
    c.header('Content-Disposition', 'attachment; filename="shtrafy-moi-dannye.json"');
    return ok(c, data);
  });

  routes.post('/account/erase/request', signedIn, async (c) => {
    const user = await readUser(deps.db, userOf(c));
    if (user?.email === null || user?.email === undefined || user.email_confirmed_at === null) throw new ApiError(403, 'Удалить можно аккаунт с подтверждённым e-mail: данные устройства удаляются выходом');
    await enforceLimit(c, deps.limiter, 'eraseMail', String(user.id), ERASE_MAIL_LIMIT);
    const token = await issueToken(deps.db, { userId: user.id, purpose: 'erase', email: user.email }, deps.clock());
    await deps.mail.send(eraseConfirmationMail(user.email, deps.siteUrl, token));
    return ok(c, { sent: true, email: maskEmail(user.email) });
  });

  routes.post('/account/erase', async (c) => {
    const { token } = parseInput(EraseInput, await bodyInput(c), 400);
    const outcome = await eraseAccountByToken(deps.db, token, deps.clock());
    if (!outcome.erased && outcome.problem === 'used') throw new ApiError(410, 'Эта ссылка уже использована: аккаунт удалён');
    if (!outcome.erased && outcome.problem === 'revoked') throw new ApiError(410, 'Ссылка больше не действует: пароль сменили после её отправки. Запросите удаление в профиле ещё раз');
    if (!outcome.erased && outcome.problem === 'expired') throw new ApiError(410, 'Срок действия ссылки истёк. Запросите удаление в профиле ещё раз');
    if (!outcome.erased) throw new ApiError(400, 'Ссылка недействительна. Запросите удаление в профиле ещё раз');
    // Sessions are gone from the database; this process's cache must not vouch for them any longer
    // (other processes hold a session for at most SESSION_CACHE_MS).
    for (const hash of outcome.endedSessions) deps.caches?.sessions.delete(hash);
    return ok(c, { erased: true });
  });
  return routes;
}
