import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/apiError.ts';
import { insertSts } from '../documents/stsStore.ts';
import type { Platform } from '../../src/lib/platform.ts';
import { createSession } from './sessions.ts';

/** Registers a new client id (GET /client) and answers it. */
export async function createClient(db: Kysely<Database>, now: Date): Promise<string> {
  const clientId = randomUUID();
  await db.insertInto('clients').values({ id: clientId, created_at: now }).execute();
  return clientId;
}

/** What POST /newuser creates a user from: a known client id, the channel, and an optional first car. */
export type NewAnonymousUser = { clientId: string; channel: string; firstCar?: { sts: string; plateNumber: string; plateRegion: string } | undefined; platform?: Platform };

/**
 * Creates an anonymous user for a client id, opens their session, and stores their first car, all in
 * one transaction; an unknown client id is a 422 and writes nothing.
 */
export async function createAnonymousUser(db: Kysely<Database>, input: NewAnonymousUser, now: Date): Promise<{ userId: number; session: string; rand: string; salt: string }> {
  const salt = randomBytes(16).toString('hex');
  return db.transaction().execute(async (tx) => {
    const client = await tx.selectFrom('clients').select('id').where('id', '=', input.clientId).executeTakeFirst();
    if (client === undefined) throw new ApiError(422, 'Неизвестный clientId: получите его через /105/api/client');
    const user = await tx.insertInto('users').values({ client_id: input.clientId, channel: input.channel, salt, created_at: now }).returning('id').executeTakeFirstOrThrow();
    const { session, rand } = await createSession(tx, user.id, now, input.platform ?? 'web');
    if (input.firstCar !== undefined) {
      await insertSts(tx, user.id, { sts: input.firstCar.sts, vehiclePlateNumber: input.firstCar.plateNumber, vehiclePlateRegion: input.firstCar.plateRegion }, now);
    }
    return { userId: user.id, session, rand, salt };
  });
}
