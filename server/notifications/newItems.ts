import type { AppDeps } from '../appDeps.ts';
import type { ListedOrdinance } from '../ordinances/ordinanceItems.ts';
import { collectBySubject } from '../ordinances/ordinanceList.ts';

/** An item as a notification keeps it (enough to word the mail and link it). */
export type NotifiedItem = Pick<
  ListedOrdinance,
  'id' | 'kind' | 'ref' | 'identifier' | 'identifierType' | 'title' | 'article' | 'number' | 'amount' | 'amountToPay' | 'discountActive' | 'discountLastDay' | 'date' | 'vehiclePlate' | 'issuer'
>;

/** The key an item is remembered by: 'fine:12', 'tax:3', 'fssp:7'. */
export const itemKey = (item: Pick<ListedOrdinance, 'kind' | 'ref'>) => `${item.kind}:${item.ref}`;

/** The parts of an item a notification keeps. */
function notified(item: ListedOrdinance): NotifiedItem {
  const { id, kind, ref, identifier, identifierType, title, article, number, amount, amountToPay, discountActive, discountLastDay, date, vehiclePlate, issuer } = item;
  return { id, kind, ref, identifier, identifierType, title, article, number, amount, amountToPay, discountActive, discountLastDay, date, vehiclePlate, issuer };
}

/**
 * With `baselineOnly`, only documents watched for the first time are recorded (before a check stores
 * what is new, so that it is news).
 *
 * What the user's documents hold that the user has not been told about, recorded as told in one
 * transaction with the notification that tells it (so it is never told twice). A document watched for
 * the first time only records what it holds: that is not news. Paid items are never news.
 * Answers the new notification's id and items, or undefined when there is nothing new.
 */
export async function recordNewItems(deps: AppDeps, userId: number, options: { baselineOnly?: boolean; silent?: boolean } = {}): Promise<{ id: number; items: NotifiedItem[] } | undefined> {
  const { subjects } = await collectBySubject(deps, userId, { ignoreDelay: true });
  const now = deps.clock();
  return deps.db.transaction().execute(async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute(); // one detection per user at a time
    const baselines = new Set(
      (await tx.selectFrom('watch_baselines').select('subject_key').where('user_id', '=', userId).execute()).map((row) => row.subject_key),
    );
    const seen = new Set((await tx.selectFrom('seen_items').select('item_key').where('user_id', '=', userId).execute()).map((row) => row.item_key));
    const fresh: ListedOrdinance[] = [];
    const toRemember: string[] = [];
    for (const { key, items } of subjects) {
      const watched = baselines.has(key);
      if (watched && options.baselineOnly) continue;
      if (!watched) await tx.insertInto('watch_baselines').values({ user_id: userId, subject_key: key, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
      for (const item of items) {
        const k = itemKey(item);
        if (seen.has(k)) continue;
        seen.add(k);
        toRemember.push(k);
        if (watched && !item.paid) fresh.push(item);
      }
    }
    for (let i = 0; i < toRemember.length; i += 500) {
      await tx
        .insertInto('seen_items')
        .values(toRemember.slice(i, i + 500).map((item_key) => ({ user_id: userId, item_key, seen_at: now })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    // A user who does not want notifications is told nothing; what is new is still remembered as known.
    if (fresh.length === 0 || options.silent) return undefined;
    const items = fresh.map(notified);
    const row = await tx
      .insertInto('notifications')
      .values({ user_id: userId, kind: 'new_items', items: JSON.stringify(items), created_at: now, mailed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, items };
  });
}
