import type { Kysely } from 'kysely';
import type { Database, FineRow, OrderRow } from '../db/schema.ts';
import type { ApiCaches } from '../http/caches.ts';
import { byUin } from './fineView.ts';
import { rememberedFines } from './fineReadCache.ts';
import type { Identifier } from './fineView.ts';
import type { IdentifierType } from '../providers/fines/provider.ts';

/** A payment order row (defined with the schema). */
export type { OrderRow } from '../db/schema.ts';

/** A fine with its payment orders. */
export type FineWithOrders = { fine: FineRow; orders: OrderRow[] };

/** A fine the user may read, and whether through its whole document (else only through its УИН). */
export type ReadableFine = FineWithOrders & {
  byDocument: boolean;
  /** What the user is shown it was found by: the document they looked it up by, the plate, or the УИН. */
  shownAs: Identifier;
};

/** The grant key of one fine found by its УИН. */
export function uinGrantKey(uin: string): string {
  return `uin:${uin}`;
}

/** Which fines to read. */
export type FineFilter = { subjectKey: string } | { uin: string } | { shareHash: string } | { ids: readonly number[] };

/** What reading needs: the database, and the caches that know some grants already. */
export type ReadDeps = { db: Kysely<Database>; caches?: ApiCaches | undefined };

// Two plain queries (fines, then their orders) rather than one join: on PGlite, planning a join costs
// more than a second simple query.

/** Fines with their orders, newest ruling first (frozen: remembered between requests on PGlite). */
export async function readFines(db: Kysely<Database>, filter: FineFilter): Promise<FineWithOrders[]> {
  if ('ids' in filter && filter.ids.length === 0) return [];
  const key = 'subjectKey' in filter ? `s ${filter.subjectKey}` : 'uin' in filter ? `u ${filter.uin}` : 'shareHash' in filter ? `h ${filter.shareHash}` : `i ${filter.ids.join(',')}`;
  return rememberedFines(db, key, () => queryFines(db, filter));
}

/** Fines with their orders as the database holds them now. */
async function queryFines(db: Kysely<Database>, filter: FineFilter): Promise<FineWithOrders[]> {
  let query = db.selectFrom('fines').selectAll();
  if ('subjectKey' in filter) query = query.where('subject_key', '=', filter.subjectKey);
  else if ('uin' in filter) query = query.where('uin', '=', filter.uin);
  else if ('shareHash' in filter) query = query.where('share_hash', '=', filter.shareHash);
  else query = query.where('id', 'in', filter.ids);
  const fines = await query.orderBy('ruling_date', 'desc').orderBy('id').execute();
  if (fines.length === 0) return [];
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('fine_id', 'in', fines.map((fine) => fine.id))
    .orderBy('id')
    .execute();
  return fines.map((fine) => ({ fine, orders: orders.filter((order) => order.fine_id === fine.id) }));
}

/** A grant as read: the document the user looked the key up by, when it was kept. */
type GrantedAs = { identifier: string; identifierType: string } | null;

/** The subject keys (of those given) the user was granted — their documents' and their searches' — with what they were looked up by. */
export async function grantedKeys(deps: ReadDeps, userId: number, keys: readonly string[]): Promise<Map<string, GrantedAs>> {
  const granted = new Map<string, GrantedAs>();
  const unknown: string[] = [];
  for (const key of new Set(keys)) {
    const cached = deps.caches?.grants.get(`${userId} ${key}`);
    if (cached !== undefined) granted.set(key, cached);
    else unknown.push(key);
  }
  if (unknown.length > 0) {
    const rows = await deps.db
      .selectFrom('search_grants')
      .select(['subject_key', 'identifier', 'identifier_type'])
      .where('user_id', '=', userId)
      .where('subject_key', 'in', unknown)
      .execute();
    for (const row of rows) {
      const as = row.identifier !== null && row.identifier_type !== null ? { identifier: row.identifier, identifierType: row.identifier_type } : null;
      granted.set(row.subject_key, as);
      deps.caches?.grants.set(`${userId} ${row.subject_key}`, as);
    }
  }
  return granted;
}

/** Fines by id that the user may read (by their documents, searches or УИН searches), with orders; others are left out. */
export async function readableFines(deps: ReadDeps, userId: number, ids: readonly number[]): Promise<ReadableFine[]> {
  const found = await readFines(deps.db, { ids });
  const granted = await grantedKeys(deps, userId, found.flatMap(({ fine }) => [fine.subject_key, uinGrantKey(fine.uin)]));
  return found.flatMap((entry): ReadableFine[] => {
    if (granted.has(entry.fine.subject_key)) {
      const as = granted.get(entry.fine.subject_key);
      // Without the document the user used, show the vehicle's plate: never the document someone else looked it up by.
      const shownAs: Identifier = as ? { identifier: as.identifier, identifierType: as.identifierType as IdentifierType } : { identifier: entry.fine.plate_number + entry.fine.plate_region, identifierType: 'plate' };
      return [{ ...entry, byDocument: true, shownAs }];
    }
    return granted.has(uinGrantKey(entry.fine.uin)) ? [{ ...entry, byDocument: false, shownAs: byUin(entry.fine.uin) }] : [];
  });
}

/** One fine the user may read, or undefined. */
export async function readableFine(deps: ReadDeps, userId: number, id: number): Promise<ReadableFine | undefined> {
  return (await readableFines(deps, userId, [id]))[0];
}

/** The fine behind a public share link (undefined when there is none). */
export function fineByShareHash(db: Kysely<Database>, hash: string): Promise<FineRow | undefined> {
  return db.selectFrom('fines').selectAll().where('share_hash', '=', hash).executeTakeFirst();
}

/** A payment order by id, whoever's it is (the route checks the reader may see its fine). */
export function readOrder(db: Kysely<Database>, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}
