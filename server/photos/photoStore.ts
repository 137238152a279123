import type { Kysely, Selectable } from 'kysely';
import type { Database, FineRow, PhotosTable } from '../db/schema.ts';

/** A violation photo row as read. */
export type PhotoRow = Selectable<PhotosTable>;

/**
 * Starts the "fetch" of a fine's photos from the camera archive when none is under way, and answers
 * when they are (or were) ready: the first request sets the time, later ones read it.
 */
export async function photosReadyAt(db: Kysely<Database>, fineId: number, readyIfNew: Date): Promise<Date> {
  await db.insertInto('photo_fetches').values({ fine_id: fineId, ready_at: readyIfNew }).onConflict((oc) => oc.column('fine_id').doNothing()).execute();
  const fetch = await db.selectFrom('photo_fetches').select('ready_at').where('fine_id', '=', fineId).executeTakeFirstOrThrow();
  return fetch.ready_at;
}

/** A fine's photos in their order. */
export function photosOf(db: Kysely<Database>, fineId: number): Promise<PhotoRow[]> {
  return db.selectFrom('photos').selectAll().where('fine_id', '=', fineId).orderBy('position').execute();
}

/** A photo by its token, with its fine, when its fetch started, and how many photos the fine has. */
export type PhotoWithFine = FineRow & Pick<PhotoRow, 'position' | 'title' | 'width' | 'height'> & { ready_at: Date | null; count: number };

/** The photo behind an image URL's token (undefined when there is none). */
export async function photoByToken(db: Kysely<Database>, token: string): Promise<PhotoWithFine | undefined> {
  const row = await db
    .selectFrom('photos')
    .innerJoin('fines', 'fines.id', 'photos.fine_id')
    .leftJoin('photo_fetches', 'photo_fetches.fine_id', 'fines.id')
    .selectAll('fines')
    .select(['photos.position', 'photos.title', 'photos.width', 'photos.height', 'photo_fetches.ready_at'])
    .where('photos.token', '=', token)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const count = await db.selectFrom('photos').select((eb) => eb.fn.countAll<number>().as('n')).where('fine_id', '=', row.id).executeTakeFirstOrThrow();
  return { ...row, count: Number(count.n) };
}
