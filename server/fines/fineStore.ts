import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { fineAmounts } from '../../src/lib/discounts.ts';
import { moscowToday } from '../../src/lib/isoDate.ts';
import { discountTerms } from './discountTerms.ts';
import type { AppDeps } from '../appDeps.ts';
import type { Database } from '../db/schema.ts';
import type { FineSubject, SourceSubject } from '../providers/fines/provider.ts';
import type { Identifier } from './fineView.ts';

/** A new unguessable token: 128 random bits, 22 URL-safe characters (share hashes, photo URLs). */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Keeps what the source said about a document, once: the first lookup stores fines, orders and photos in one transaction. */
export async function storeSubject(db: Kysely<Database>, subject: SourceSubject, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('fine_subjects')
      .values({ key: subject.key, generated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (created === undefined) return; // stored by an earlier or concurrent lookup
    await insertSourceFines(tx, subject, now);
  });
}

/** Stores the rulings of a source answer that are not stored yet (by УИН), with orders and photos; answers the new fines' ids. */
export async function insertSourceFines(tx: Transaction<Database>, subject: SourceSubject, now: Date): Promise<number[]> {
  const added: number[] = [];
  for (const fine of subject.fines) {
    const row = await tx
      .insertInto('fines')
      .values({
        subject_key: subject.key,
        uin: fine.uin,
        plate_number: fine.plateNumber,
        plate_region: fine.plateRegion,
        identifier: subject.identifier,
        identifier_type: subject.identifierType,
        article: fine.article,
        article_title: fine.articleTitle,
        amount: fine.amount,
        ruling_date: fine.rulingDate,
        violation_at: fine.violationAt,
        days_ago: fine.daysAgo,
        address: fine.place.address,
        lat: fine.place.lat,
        lon: fine.place.lon,
        department: fine.department,
        paid: fine.paidAt !== null,
        camera_id: fine.cameraId,
        speed_actual: fine.speed?.actual ?? null,
        speed_limit: fine.speed?.limit ?? null,
        payee: JSON.stringify(fine.payee),
        share_hash: newToken(),
        created_at: now,
        ...storedDiscount(fine),
      })
      // A ruling already stored under another document (found earlier by its УИН) stays where it is.
      .onConflict((oc) => oc.column('uin').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row === undefined) continue;
    if (fine.paidAt !== null) {
      // Paid within the discount period means the discounted amount was paid.
      const paid = fineAmounts({ rulingDate: fine.rulingDate, article: fine.article, amount: fine.amount, today: fine.paidAt.slice(0, 10) });
      await tx
        .insertInto('orders')
        .values({ fine_id: row.id, status: 'paid', amount_kopecks: Math.round(paid.amountToPay * 100), paid_at: new Date(fine.paidAt) })
        .execute();
    }
    if (fine.photos.length > 0) {
      await tx
        .insertInto('photos')
        .values(fine.photos.map((photo, position) => ({ fine_id: row.id, position, token: newToken(), ...photo })))
        .execute();
    }
    added.push(row.id);
  }
  return added;
}

/** A ruling's discount terms in the columns that keep them. */
function storedDiscount(fine: SourceSubject['fines'][number]) {
  const terms = discountTerms(fine.rulingDate, fine.article, fine.amount);
  return { discount_days: terms.discountDays, discount_kopecks: terms.discountKopecks, full_kopecks: terms.fullKopecks };
}

/** Today in Moscow by the app's clock, as 'YYYY-MM-DD'. */
export function todayOf(deps: Pick<AppDeps, 'clock'>): string {
  return moscowToday(deps.clock().getTime());
}

/** Makes sure the document's fines are stored (asking the source on the first lookup); returns their storage key. */
export async function lookupSubject(deps: AppDeps, subject: FineSubject): Promise<string> {
  const key = deps.fines.subjectKey(subject);
  if (deps.caches?.storedSubjects.get(key) !== undefined) return key; // stored subjects are never removed
  const known = await deps.db.selectFrom('fine_subjects').select('key').where('key', '=', key).executeTakeFirst();
  if (known === undefined) {
    const found = await deps.fines.finesFor(subject, todayOf(deps));
    if (found.key !== key) throw new Error(`Fines source answered for ${found.key}, asked for ${key}`);
    await storeSubject(deps.db, found, deps.clock());
  }
  deps.caches?.storedSubjects.set(key, true);
  return key;
}

/**
 * Lets the user read the fines stored under a key (their document or their search), remembering the
 * document they proved they hold (`as`), which is what they will be shown. The first grant stays.
 */
export async function grant(deps: Pick<AppDeps, 'db' | 'clock' | 'caches'>, userId: number, key: string, as?: Identifier): Promise<void> {
  const cacheKey = `${userId} ${key}`;
  if (deps.caches?.grants.get(cacheKey) !== undefined) return; // grants are never taken back
  const added = await deps.db
    .insertInto('search_grants')
    .values({ user_id: userId, subject_key: key, created_at: deps.clock(), identifier: as?.identifier ?? null, identifier_type: as?.identifierType ?? null })
    .onConflict((oc) => oc.columns(['user_id', 'subject_key']).doNothing())
    .returning(['identifier', 'identifier_type'])
    .executeTakeFirst();
  // The stored grant (this one, or the first if there was one already) is what the user is shown from now on.
  const stored = added ?? (await deps.db.selectFrom('search_grants').select(['identifier', 'identifier_type']).where('user_id', '=', userId).where('subject_key', '=', key).executeTakeFirst());
  if (stored !== undefined) deps.caches?.grants.set(cacheKey, stored.identifier !== null && stored.identifier_type !== null ? { identifier: stored.identifier, identifierType: stored.identifier_type } : null);
}
