import type { AppDeps } from '../appDeps.ts';
import { readFines } from '../fines/fineQueries.ts';
import { grant, lookupSubject, todayOf } from '../fines/fineStore.ts';
import { debtItem, fineItem, taxItem } from './ordinanceItems.ts';
import { lookupInnItems, readInnItems } from './innItemStore.ts';
import type { ListedOrdinance } from './ordinanceItems.ts';
import { userSubjects } from './userSubjects.ts';

/** Everything found by the user's documents, and whether some are still being checked. */
export type CollectedOrdinances = { items: ListedOrdinance[]; isWait: boolean; updatedAt: Date };

/**
 * Collects the user's ordinances from every document. A document added (or refreshed) less than
 * `ordinancesDelayMs` ago is still being checked by the source: its items are not in yet, and the
 * reply says isWait so the client asks again (spec §4: every 2 s). One fine found by two documents
 * is listed once, under the first.
 */
export async function collectOrdinances(deps: AppDeps, userId: number): Promise<CollectedOrdinances> {
  const now = deps.clock();
  const user = await deps.db.selectFrom('users').select('ordinances_refreshed_at').where('id', '=', userId).executeTakeFirst();
  const refreshedAt = user?.ordinances_refreshed_at ?? null;
  const subjects = await userSubjects(deps.db, userId, refreshedAt);
  const today = todayOf(deps);
  const seen = new Set<number>();
  const items: ListedOrdinance[] = [];
  let isWait = false;
  let updatedAt = refreshedAt ?? new Date(0);
  for (const { subject, as, checkingSince } of subjects) {
    const readyAt = checkingSince.getTime() + deps.ordinancesDelayMs;
    if (readyAt > now.getTime()) {
      isWait = true;
      continue;
    }
    if (readyAt > updatedAt.getTime()) updatedAt = new Date(readyAt);
    const key = await lookupSubject(deps, subject);
    await grant(deps, userId, key);
    for (const entry of await readFines(deps.db, { subjectKey: key })) {
      if (seen.has(entry.fine.id)) continue;
      seen.add(entry.fine.id);
      items.push(fineItem(entry, today, as));
    }
    if (subject.kind === 'inn') {
      const found = await readInnItems(deps, await lookupInnItems(deps, subject.inn));
      items.push(...found.taxes.map((row) => taxItem(row, subject.inn)), ...found.debts.map((row) => debtItem(row, subject.inn)));
    }
  }
  return { items, isWait, updatedAt: updatedAt.getTime() === 0 ? now : updatedAt };
}

/** Starts checking every document of the user again (isForceRefresh); a refresh already running is not restarted. */
export async function refreshOrdinances(deps: AppDeps, userId: number): Promise<void> {
  const now = deps.clock();
  const running = new Date(now.getTime() - deps.ordinancesDelayMs);
  await deps.db
    .updateTable('users')
    .set({ ordinances_refreshed_at: now })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('ordinances_refreshed_at', 'is', null), eb('ordinances_refreshed_at', '<=', running)]))
    .execute();
}
