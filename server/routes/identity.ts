import { SEARCH_CONSENT_PURPOSE } from '../../src/lib/consent.ts';
import { recordConsent } from '../privacy/consents.ts';
import { Hono } from 'hono';
import { NewUserInput } from '../../src/api/structs/identity.ts';
import type { AppDeps } from '../appDeps.ts';
import { createAnonymousUser, createClient } from '../accounts/anonymousUsers.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { parsePlatform } from '../../src/lib/platform.ts';

/** GET /client, POST /newuser (anonymous users; accounts are server/routes/auth.ts). */
export function identityRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();

  const perAddress = rateLimit(deps.limiter, { name: 'client', limit: deps.clientRateLimit, windowMs: 60_000, trustProxy: deps.trustProxy });

  routes.get('/client', perAddress, async (c) => ok(c, { clientId: await createClient(db, clock()) }));

  routes.post('/newuser', perAddress, async (c) => {
    const input = parseInput(NewUserInput, await bodyInput(c));
    const platform = parsePlatform(input.platform);
    if (platform === undefined) throw new ApiError(400, 'Некорректная платформа');
    if ((input.sts === undefined) !== (input.plate === undefined)) {
      throw new ApiError(422, 'Укажите СТС вместе с госномером');
    }
    const plate = input.plate;
    if (plate !== undefined && plate.kind !== 'plate') throw new ApiError(422, 'Поле «Госномер» заполнено неверно');
    const firstCar = input.sts !== undefined && plate !== undefined ? { sts: input.sts, plateNumber: plate.plateNumber, plateRegion: plate.plateRegion } : undefined;
    const user = await createAnonymousUser(db, { clientId: input.clientId, channel: input.channel ?? 'fine', firstCar, platform }, clock());
    // The search form's consent, given by pressing «Найти штрафы»: kept with the version of its text.
    if (input.consentVersion !== undefined) await recordConsent(db, user.userId, SEARCH_CONSENT_PURPOSE, input.consentVersion, clock());
    return ok(c, user);
  });

  return routes;
}
