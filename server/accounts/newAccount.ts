import { randomBytes, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../appDeps.ts';
import type { Database } from '../db/schema.ts';
import { isAccountUser } from './phone/phoneStore.ts';
import { revokeSessions } from './sessions.ts';

/**
 * The account a first sign-in by phone or by a provider makes: the device's anonymous user when it
 * is one (its documents stay; sessions it had end), else a new user. A device already in an account
 * never has the new way added to that account: ways are added only from the profile.
 */
export async function newAccountFor(deps: Pick<AppDeps, 'caches'>, tx: Transaction<Database>, deviceUserId: number | undefined, channel: string, now: Date): Promise<number> {
  if (deviceUserId !== undefined && !(await isAccountUser(tx, deviceUserId))) {
    await revokeSessions(tx, deps.caches, { userId: deviceUserId, tokenHash: '', which: 'all' }, now);
    return deviceUserId;
  }
  const clientId = randomUUID();
  await tx.insertInto('clients').values({ id: clientId, created_at: now }).execute();
  const user = await tx.insertInto('users').values({ client_id: clientId, channel, salt: randomBytes(16).toString('hex'), created_at: now }).returning('id').executeTakeFirstOrThrow();
  return user.id;
}
