import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Platform } from '../../src/lib/platform.ts';
import type { Database } from '../db/schema.ts';
import { readUser } from './accountStore.ts';
import { createSession } from './sessions.ts';
import type { SignedIn } from './signIn.ts';

/** How long a handoff code works: long enough for an app to open its page, too short to be passed on. */
export const HANDOFF_LIFETIME_MS = 2 * 60_000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Issues a one-time code for the user, for a page the app or a partner opens with `?handoff=CODE`
 * instead of the raw session in its address: the address then carries nothing that signs in after a
 * minute or a second use, and the page gets a session of its own by POST.
 */
export async function issueHandoff(db: Kysely<Database>, userId: number, platform: Platform, now: Date): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + HANDOFF_LIFETIME_MS);
  await db.insertInto('session_handoffs').values({ code_hash: hashOf(code), user_id: userId, platform, created_at: now, expires_at: expiresAt, used_at: null }).execute();
  return { code, expiresAt };
}

/** Exchanges a code once, within its time, for a new session of its user on its platform; undefined otherwise. */
export async function exchangeHandoff(db: Kysely<Database>, code: string, now: Date): Promise<(SignedIn & { platform: Platform }) | undefined> {
  return db.transaction().execute(async (tx) => {
    const handoff = await tx
      .updateTable('session_handoffs')
      .set({ used_at: now })
      .where('code_hash', '=', hashOf(code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'platform'])
      .executeTakeFirst();
    if (handoff === undefined) return undefined;
    const user = await readUser(tx, handoff.user_id);
    if (user === undefined || user.erased_at !== null) return undefined;
    const platform = handoff.platform === 'chromeExtension' ? 'chromeExtension' : 'web';
    const { session, rand } = await createSession(tx, user.id, now, platform);
    return { userId: user.id, session, rand, salt: user.salt, platform };
  });
}
