import type { Kysely, Transaction } from 'kysely';
import type { Inn, InnInput } from '../../src/api/structs/inn.ts';
import type { Database, InnRow } from '../db/schema.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import { assertRoomFor, lockUser } from './limits.ts';

/** The reply shape of a stored ИНН; innName falls back to the person's full name. */
export function toInn(row: InnRow): Inn {
  const fullName = [row.surname, row.name, row.patronymic].filter((part) => part).join(' ');
  return {
    id: row.id,
    inn: row.inn,
    innName: row.inn_name ?? fullName,
    surname: row.surname,
    name: row.name,
    patronymic: row.patronymic,
  };
}

/** Column values of an ИНН from its input. */
function columns(input: InnInput) {
  return {
    inn: input.inn,
    inn_name: input.innName ?? null,
    surname: input.surname ?? null,
    name: input.name ?? null,
    patronymic: input.patronymic ?? null,
  };
}

/** The user's tax ids, oldest first. */
export async function listInns(db: Kysely<Database>, userId: number): Promise<InnRow[]> {
  return db.selectFrom('inns').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** One of the user's tax ids by id; 404 when it is not theirs or does not exist. */
export async function getInn(db: Kysely<Database>, userId: number, id: number): Promise<InnRow> {
  const row = await db.selectFrom('inns').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (row === undefined) throw notFound();
  return row;
}

/** Adds a tax id; the same ИНН is not added twice (the existing one is returned). */
export async function insertInn(
  tx: Transaction<Database>,
  userId: number,
  input: InnInput,
  now: Date,
): Promise<{ row: InnRow; added: boolean }> {
  await lockUser(tx, userId);
  const existing = await tx.selectFrom('inns').selectAll().where('user_id', '=', userId).where('inn', '=', input.inn).executeTakeFirst();
  if (existing !== undefined) return { row: existing, added: false };
  await assertRoomFor(tx, 'inns', userId, 1);
  const row = await tx
    .insertInto('inns')
    .values({ user_id: userId, ...columns(input), created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, added: true };
}

/** Changes one of the user's tax ids; 404 if not theirs, 409 if the new ИНН is another entry's. */
export async function updateInn(tx: Transaction<Database>, userId: number, id: number, input: InnInput): Promise<InnRow> {
  await lockUser(tx, userId);
  await getInn(tx, userId, id);
  const clash = await tx
    .selectFrom('inns')
    .select('id')
    .where('user_id', '=', userId)
    .where('inn', '=', input.inn)
    .where('id', '<>', id)
    .executeTakeFirst();
  if (clash !== undefined) throw new ApiError(409, 'Такой ИНН уже есть в списке');
  return tx
    .updateTable('inns')
    .set(columns(input))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes one of the user's tax ids; 404 if not theirs. */
export async function deleteInn(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  const result = await db.deleteFrom('inns').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound();
}
