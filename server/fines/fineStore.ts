import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fineAmounts } from '../../src/lib/discounts.ts';
import { moscowToday } from '../../src/lib/isoDate.ts';
import type { AppDeps } from '../appDeps.ts';
import type { Database, FineRow } from '../db/schema.ts';
import type { FineSubject, SourceSubject } from '../providers/fines/provider.ts';

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
    }
  });
}

/** Today in Moscow by the app's clock, as 'YYYY-MM-DD'. */
export function todayOf(deps: Pick<AppDeps, 'clock'>): string {
  return moscowToday(deps.clock().getTime());
}

/** Makes sure the document's fines are stored (asking the source on the first lookup); returns their storage key. */
export async function lookupSubject(deps: AppDeps, subject: FineSubject): Promise<string> {
  const key = deps.fines.subjectKey(subject);
  const known = await deps.db.selectFrom('fine_subjects').select('key').where('key', '=', key).executeTakeFirst();
  if (known === undefined) {
    const found = await deps.fines.finesFor(subject, todayOf(deps));
    if (found.key !== key) throw new Error(`Fines source answered for ${found.key}, asked for ${key}`);
    await storeSubject(deps.db, found, deps.clock());
  }
  return key;
}

/** Lets the user read the fines stored under a key (their document or their search). */
export async function grant(db: Kysely<Database>, userId: number, key: string, now: Date): Promise<void> {
  await db
    .insertInto('search_grants')
    .values({ user_id: userId, subject_key: key, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'subject_key']).doNothing())
    .execute();
}

/** The fines stored under a key, newest ruling first. */
export async function finesOfSubject(db: Kysely<Database>, key: string): Promise<FineRow[]> {
  return db.selectFrom('fines').selectAll().where('subject_key', '=', key).orderBy('ruling_date', 'desc').orderBy('id').execute();
}

/** Fines by id that the user may read; the caller compares the count to what was asked. */
export async function readableFines(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<FineRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('fines')
    .innerJoin('search_grants', (join) =>
      join.onRef('search_grants.subject_key', '=', 'fines.subject_key').on('search_grants.user_id', '=', userId),
    )
    .selectAll('fines')
    .where('fines.id', 'in', ids)
    .orderBy('fines.ruling_date', 'desc')
    .orderBy('fines.id')
    .execute();
}

/** Payment orders of the given fines. */
export async function ordersOfFines(db: Kysely<Database>, fineIds: readonly number[]) {
  if (fineIds.length === 0) return [];
  return db.selectFrom('orders').selectAll().where('fine_id', 'in', fineIds).orderBy('id').execute();
}
