import type { Kysely, Transaction } from 'kysely';
import type { DriverLicense, DriverLicenseInput } from '../../src/api/structs/driverLicense.ts';
import type { Database, DriverLicenseRow } from '../db/schema.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import { assertRoomFor, lockUser } from './limits.ts';

/** The reply shape of a stored licence. */
export function toDriverLicense(row: DriverLicenseRow): DriverLicense {
  return {
    id: row.id,
    driverLicense: row.number,
    issue_date: row.issue_date,
    first_issue_date: row.first_issue_date,
    surname: row.surname,
    name: row.name,
    patronymic: row.patronymic,
    driverName: [row.surname, row.name, row.patronymic].filter((part) => part).join(' '),
  };
}

/** Column values of a licence from its input. */
function columns(input: DriverLicenseInput) {
  return {
    number: input.driverLicense,
    issue_date: input.issue_date ?? null,
    first_issue_date: input.first_issue_date ?? null,
    surname: input.surname ?? null,
    name: input.name ?? null,
    patronymic: input.patronymic ?? null,
  };
}

/** The user's licences, oldest first. */
export async function listDriverLicenses(db: Kysely<Database>, userId: number): Promise<DriverLicenseRow[]> {
  return db.selectFrom('driver_licenses').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** One of the user's licences by id; 404 when it is not theirs or does not exist. */
export async function getDriverLicense(db: Kysely<Database>, userId: number, id: number): Promise<DriverLicenseRow> {
  const row = await db.selectFrom('driver_licenses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (row === undefined) throw notFound();
  return row;
}

/** Adds a licence; one with the same number is not added twice (the existing one is returned). */
export async function insertDriverLicense(
  tx: Transaction<Database>,
  userId: number,
  input: DriverLicenseInput,
  now: Date,
): Promise<{ row: DriverLicenseRow; added: boolean }> {
  await lockUser(tx, userId);
  const existing = await tx
    .selectFrom('driver_licenses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('number', '=', input.driverLicense)
    .executeTakeFirst();
  if (existing !== undefined) return { row: existing, added: false };
  await assertRoomFor(tx, 'driver_licenses', userId, 1);
  const row = await tx
    .insertInto('driver_licenses')
    .values({ user_id: userId, ...columns(input), created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, added: true };
}

/** Changes one of the user's licences; 404 if not theirs, 409 if the new number is another entry's. */
export async function updateDriverLicense(
  tx: Transaction<Database>,
  userId: number,
  id: number,
  input: DriverLicenseInput,
): Promise<DriverLicenseRow> {
  await lockUser(tx, userId);
  await getDriverLicense(tx, userId, id);
  const clash = await tx
    .selectFrom('driver_licenses')
    .select('id')
    .where('user_id', '=', userId)
    .where('number', '=', input.driverLicense)
    .where('id', '<>', id)
    .executeTakeFirst();
  if (clash !== undefined) throw new ApiError(409, 'Такое водительское удостоверение уже есть в списке');
  return tx
    .updateTable('driver_licenses')
    .set(columns(input))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes one of the user's licences, found by id or by number; 404 if not theirs. Returns its id. */
export async function deleteDriverLicense(
  db: Kysely<Database>,
  userId: number,
  by: { id: number } | { number: string },
): Promise<number> {
  let query = db.deleteFrom('driver_licenses').where('user_id', '=', userId);
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('number', '=', by.number);
  const row = await query.returning('id').executeTakeFirst();
  if (row === undefined) throw notFound();
  return row.id;
}
