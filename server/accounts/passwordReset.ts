import type { Platform } from '../../src/lib/platform.ts';
import { passwordProblem } from '../../src/lib/password.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import { readUser } from './accountStore.ts';
import { consumeToken, endLinks, tokenProblemMessage } from './mailTokens.ts';
import { hashPassword } from './passwords.ts';
import { revokeSessions } from './sessions.ts';
import { openAccountSession } from './signIn.ts';
import type { SignedIn } from './signIn.ts';

/**
 * Sets a new password with a reset link: every session of the account ends, the link is used up, every
 * other link mailed before ends too, and a new session is opened for this device. A password the rules refuse leaves the link usable.
 */
export async function resetPassword(deps: Pick<AppDeps, 'db' | 'clock' | 'caches'>, token: string, newPassword: string, platform: Platform): Promise<SignedIn> {
  const early = passwordProblem(newPassword);
  if (early !== undefined) throw new ApiError(422, early);
  const hash = await hashPassword(newPassword); // slow: never inside the transaction
  const now = deps.clock();
  return deps.db.transaction().execute(async (tx) => {
    const used = await consumeToken(tx, token, ['reset'], now);
    if ('problem' in used) throw new ApiError(used.problem === 'unknown' ? 400 : 410, tokenProblemMessage(used.problem, 'reset'));
    const user = await readUser(tx, used.user_id);
    if (user === undefined) throw new ApiError(410, tokenProblemMessage('unknown', 'reset'));
    const problem = passwordProblem(newPassword, user.email);
    if (problem !== undefined) throw new ApiError(422, problem); // rolls back: the link still works
    await tx
      .updateTable('users')
      .set({ password_hash: hash, email_confirmed_at: user.email_confirmed_at ?? now })
      .where('id', '=', user.id)
      .execute();
    await revokeSessions(tx, deps.caches, { userId: user.id, tokenHash: '', which: 'all' }, now);
    await endLinks(tx, { userId: user.id, email: user.email }, now);
    return openAccountSession(deps, tx, user.id, undefined, platform);
  });
}
