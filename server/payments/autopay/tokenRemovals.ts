import type { AppDeps } from '../../appDeps.ts';
import { removeCards } from './cardStore.ts';
import { TokenGatewayUnavailable, tokenGateway } from './tokenGateway.ts';

/**
 * Removes queued tokens at their gateway, then here (card deleted, autopay off, account erased). A
 * gateway that does not answer is asked again on the next run, up to 50 times; answers how many went.
 */
export async function removeQueuedTokens(deps: AppDeps, limit = 100): Promise<number> {
  const queued = await deps.db.selectFrom('autopay_token_removals').selectAll().where('attempts', '<', 50).orderBy('id').limit(limit).execute();
  let removed = 0;
  for (const row of queued) {
    // A token is removed at the gateway that issued it; one that is not offered now waits for it.
    const gateway = tokenGateway(deps, row.gateway);
    if (gateway === undefined) continue;
    try {
      await gateway.remove(row.token);
      await deps.db.deleteFrom('autopay_token_removals').where('id', '=', row.id).execute();
      removed += 1;
    } catch (error) {
      if (!(error instanceof TokenGatewayUnavailable)) throw error;
      await deps.db.updateTable('autopay_token_removals').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', row.id).execute();
    }
  }
  return removed;
}

/** Removes the user's card here and at the gateway (the removal is also retried by the job). */
export async function dropCard(deps: AppDeps, userId: number, reason: string): Promise<void> {
  await deps.db.transaction().execute((tx) => removeCards(tx, userId, reason, deps.clock()));
  await removeQueuedTokens(deps);
}
