import type { AppDeps } from '../appDeps.ts';
import { readFines } from '../fines/fineQueries.ts';
import { grant, lookupSubject, todayOf } from '../fines/fineStore.ts';
import { debtItem, fineItem, taxItem } from './ordinanceItems.ts';
import { lookupInnItems, readInnItems } from './innItemStore.ts';
import type { ListedOrdinance } from './ordinanceItems.ts';
import { userSubjects } from './userSubjects.ts';

/** Everything found by the user's documents, and whether some are still being checked. */
export type CollectedOrdinances = { items: ListedOrdinance[]; isWait: boolean; updatedAt: Date };

/** What one document found, under its storage key. */
export type SubjectItems = { key: string; items: ListedOrdinance[] };

/**
 * The items of each of the user's documents that the source has checked. A document added (or
 * refreshed) less than `ordinancesDelayMs` ago is still being checked (unless `ignoreDelay`): it is
 * left out and `waiting` says so. One fine found by two documents is listed once, under the first.
 */
export async function collectBySubject(deps: AppDeps, userId: number, options: { ignoreDelay?: boolean } = {}): Promise<{ subjects: SubjectItems[]; waiting: boolean; readyAt: Date | null }> {
  const now = deps.clock();
  const user = await deps.db.selectFrom('users').select('ordinances_refreshed_at').where('id', '=', userId).executeTakeFirst();
  const refreshedAt = user?.ordinances_refreshed_at ?? null;
  const today = todayOf(deps);
  const seen = new Set<number>();
  const subjects: SubjectItems[] = [];
  let waiting = false;
  let readyAt = refreshedAt;
  for (const { subject, as, checkingSince } of await userSubjects(deps.db, userId, refreshedAt)) {
    const ready = checkingSince.getTime() + deps.ordinancesDelayMs;
    if (!options.ignoreDelay && ready > now.getTime()) {
      waiting = true;
      continue;
    }
    if (readyAt === null || ready > readyAt.getTime()) readyAt = new Date(Math.min(ready, now.getTime()));
    const key = await lookupSubject(deps, subject);
    await grant(deps, userId, key, as);
    const items: ListedOrdinance[] = [];
    for (const entry of await readFines(deps.db, { subjectKey: key })) {
      if (seen.has(entry.fine.id)) continue;
      seen.add(entry.fine.id);
      items.push(fineItem(entry, today, as));
    }
    if (subject.kind === 'inn') {
      const found = await readInnItems(deps, await lookupInnItems(deps, subject.inn));
      items.push(...found.taxes.map((row) => taxItem(row, subject.inn)), ...found.debts.map((row) => debtItem(row, subject.inn)));
    }
    subjects.push({ key, items });
  }
  return { subjects, waiting, readyAt };
}

/** Collects the user's ordinances from every document for the list (spec §4: isWait while some are being checked). */
export async function collectOrdinances(deps: AppDeps, userId: number): Promise<CollectedOrdinances> {
  const { subjects, waiting, readyAt } = await collectBySubject(deps, userId);
  return { items: subjects.flatMap((s) => s.items), isWait: waiting, updatedAt: readyAt ?? deps.clock() };
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
