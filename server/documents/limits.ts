import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/apiError.ts';

/** Spec §9: at most 50 documents of each type per user. */
export const DOCUMENT_LIMIT = 50;

/** Tables that hold a user's documents. */
export type DocumentTable = 'sts_documents' | 'driver_licenses' | 'inns';

/** Russian names of each document type in the genitive plural, for the limit message. */
const PLURAL: Record<DocumentTable, string> = { sts_documents: 'СТС', driver_licenses: 'водительских удостоверений', inns: 'ИНН' };

/** Locks the user's row so concurrent adds of one user run one after another (the count stays true). */
export async function lockUser(tx: Transaction<Database>, userId: number): Promise<void> {
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** How many documents of a type the user has. */
export async function countDocuments(db: Kysely<Database>, table: DocumentTable, userId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Throws 422 when adding `adding` more documents would go over the limit. */
export async function assertRoomFor(db: Kysely<Database>, table: DocumentTable, userId: number, adding: number): Promise<void> {
  if ((await countDocuments(db, table, userId)) + adding > DOCUMENT_LIMIT) {
    throw new ApiError(422, `Можно добавить не больше ${DOCUMENT_LIMIT} ${PLURAL[table]}`);
  }
}
