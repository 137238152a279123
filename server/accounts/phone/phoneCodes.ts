import { createHash, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { CODE_LIFETIME_MS, CODE_TRIES } from './phoneSettings.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a code is for: signing in (or registering), adding the phone to the signed-in account, or confirming its erasure. */
export type CodePurpose = 'login' | 'link' | 'erase';

/** The stored hash of a code: bound to its number, so a code of another number never matches. */
function codeHash(phone: string, code: string): string {
  return createHash('sha256').update(`${phone}:${code}`).digest('hex');
}

/** Makes a 6-digit code for the number; the earlier codes of the number for the same purpose stop working. */
export async function issueCode(db: Db, request: { phone: string; purpose: CodePurpose; userId: number | null }, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.updateTable('phone_codes').set({ used_at: now }).where('phone', '=', request.phone).where('purpose', '=', request.purpose).where('used_at', 'is', null).execute();
  await db
    .insertInto('phone_codes')
    .values({ phone: request.phone, code_hash: codeHash(request.phone, code), purpose: request.purpose, user_id: request.userId, created_at: now, expires_at: new Date(now.getTime() + CODE_LIFETIME_MS) })
    .execute();
  return code;
}

/** Why a code was not taken. */
export type CodeProblem = { problem: 'none' } | { problem: 'tries' } | { problem: 'wrong'; triesLeft: number };

/**
 * Checks a code typed for the number, once: each try is counted before the comparison (so tries at
 * once cannot pass the cap), and a right code is marked used in the same step that takes it.
 * For 'link' and 'erase' only a code asked for by `userId` counts (a sign-in code never confirms either).
 */
export async function takeCode(db: Db, check: { phone: string; code: string; purpose: CodePurpose; userId: number | null }, now: Date): Promise<{ taken: true } | CodeProblem> {
  let query = db
    .selectFrom('phone_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('phone', '=', check.phone)
    .where('purpose', '=', check.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1);
  if (check.purpose !== 'login') query = query.where('user_id', '=', check.userId ?? -1);
  const row = await query.executeTakeFirst();
  if (row === undefined) return { problem: 'none' };
  const counted = await db
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', CODE_TRIES)
    .where('used_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  if (counted === undefined) {
    // Taken (or erased with its account) meanwhile by a request at the same moment: gone, not over-tried.
    const current = await db.selectFrom('phone_codes').select('used_at').where('id', '=', row.id).executeTakeFirst();
    return current === undefined || current.used_at !== null ? { problem: 'none' } : { problem: 'tries' };
  }
  if (codeHash(check.phone, check.code) !== row.code_hash) {
    const triesLeft = CODE_TRIES - counted.attempts;
    return triesLeft <= 0 ? { problem: 'tries' } : { problem: 'wrong', triesLeft };
  }
  const used = await db.updateTable('phone_codes').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).returning('id').executeTakeFirst();
  return used === undefined ? { problem: 'none' } : { taken: true };
}

/** The Russian message of a refused code. */
export function codeProblemMessage(problem: CodeProblem): string {
  if (problem.problem === 'none') return 'Код устарел или не запрашивался. Запросите новый код';
  if (problem.problem === 'tries') return 'Слишком много неверных попыток. Запросите новый код';
  return `Неверный код. ${problem.triesLeft === 1 ? 'Осталась 1 попытка' : `Осталось попыток: ${problem.triesLeft}`}`;
}
