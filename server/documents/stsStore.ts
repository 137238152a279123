import type { Kysely, Transaction } from 'kysely';
import type { Sts, StsInput } from '../../src/api/structs/sts.ts';
import type { Database, StsRow } from '../db/schema.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import { assertRoomFor, lockUser } from './limits.ts';

/** The reply shape of a stored СТС. */
export function toSts(row: StsRow): Sts {
  return {
    id: row.id,
    sts: row.sts,
    vehiclePlateNumber: row.plate_number,
    vehiclePlateRegion: row.plate_region,
    vehicleModel: row.vehicle_model,
    vehiclePlateType: row.vehicle_plate_type,
    vehiclePlate: `${row.plate_number} ${row.plate_region}`,
  };
}

/** The user's СТС, oldest first. */
export async function listSts(db: Kysely<Database>, userId: number): Promise<StsRow[]> {
  return db.selectFrom('sts_documents').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** One of the user's СТС by id; 404 when it is not theirs or does not exist. */
export async function getSts(db: Kysely<Database>, userId: number, id: number): Promise<StsRow> {
  const row = await db.selectFrom('sts_documents').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (row === undefined) throw notFound();
  return row;
}

/** Adds an СТС (spec §4: one with the same number is not added twice — the existing one is returned). */
export async function insertSts(
  tx: Transaction<Database>,
  userId: number,
  input: StsInput,
  now: Date,
): Promise<{ row: StsRow; added: boolean }> {
  await lockUser(tx, userId);
  const existing = await tx
    .selectFrom('sts_documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('sts', '=', input.sts)
    .executeTakeFirst();
  if (existing !== undefined) return { row: existing, added: false };
  await assertRoomFor(tx, 'sts_documents', userId, 1);
  const row = await tx
    .insertInto('sts_documents')
    .values({
      user_id: userId,
      sts: input.sts,
      plate_number: input.vehiclePlateNumber,
      plate_region: input.vehiclePlateRegion,
      vehicle_model: input.vehicleModel ?? null,
      vehicle_plate_type: null,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, added: true };
}

/** Changes one of the user's СТС; 404 if not theirs, 409 if the new number is another entry's. */
export async function updateSts(tx: Transaction<Database>, userId: number, id: number, input: StsInput): Promise<StsRow> {
  await lockUser(tx, userId);
  await getSts(tx, userId, id);
  const clash = await tx
    .selectFrom('sts_documents')
    .select('id')
    .where('user_id', '=', userId)
    .where('sts', '=', input.sts)
    .where('id', '<>', id)
    .executeTakeFirst();
  if (clash !== undefined) throw new ApiError(409, 'Такое СТС уже есть в списке');
  return tx
    .updateTable('sts_documents')
    .set({
      sts: input.sts,
      plate_number: input.vehiclePlateNumber,
      plate_region: input.vehiclePlateRegion,
      vehicle_model: input.vehicleModel ?? null,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes one of the user's СТС; 404 if not theirs. */
export async function deleteSts(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  const result = await db.deleteFrom('sts_documents').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound();
}
