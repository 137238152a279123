import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { NewUserInput } from '../../src/api/structs/identity.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';

import { hashToken } from '../http/auth.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { insertSts } from '../documents/stsStore.ts';

/** GET /client, POST /newuser (anonymous users; accounts are server/routes/auth.ts). */
export function identityRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();

  const perAddress = rateLimit(deps.limiter, { name: 'client', limit: deps.clientRateLimit, windowMs: 60_000, trustProxy: deps.trustProxy });

  routes.get('/client', perAddress, async (c) => {
    const clientId = randomUUID();
    await db.insertInto('clients').values({ id: clientId, created_at: clock() }).execute();
    return ok(c, { clientId });
  });

  routes.post('/newuser', perAddress, async (c) => {
    const input = parseInput(NewUserInput, await bodyInput(c));
    if ((input.sts === undefined) !== (input.plate === undefined)) {
      throw new ApiError(422, 'Укажите СТС вместе с госномером');
    }
    const plate = input.plate;
    if (plate !== undefined && plate.kind !== 'plate') throw new ApiError(422, 'Поле «Госномер» заполнено неверно');
    const session = randomBytes(32).toString('hex');
    const rand = randomBytes(16).toString('hex');
    const salt = randomBytes(16).toString('hex');
    const now = clock();
    const userId = await db.transaction().execute(async (tx) => {
      const client = await tx.selectFrom('clients').select('id').where('id', '=', input.clientId).executeTakeFirst();
      if (client === undefined) throw new ApiError(422, 'Неизвестный clientId: получите его через /105/api/client');
      const user = await tx
        .insertInto('users')
        .values({ client_id: input.clientId, channel: input.channel ?? 'fine', salt, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('sessions')
        .values({ token_hash: hashToken(session), user_id: user.id, rand, created_at: now, last_used_at: now, revoked_at: null })
        .execute();
      if (input.sts !== undefined && plate !== undefined) {
        await insertSts(tx, user.id, { sts: input.sts, vehiclePlateNumber: plate.plateNumber, vehiclePlateRegion: plate.plateRegion }, now);
      }
      return user.id;
    });
    return ok(c, { userId, session, rand, salt });
  });

  return routes;
}
