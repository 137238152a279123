import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readFines } from '../../server/fines/fineQueries.ts';
import { writeVersion } from '../../server/db/open.ts';
import { openTestDatabase } from './helpers/database.ts';
import type { TestDatabase } from './helpers/database.ts';
import { fineRow } from './helpers/fineRows.ts';

// Issue 27: on PGlite the search path remembers fines with their orders between requests, as long as
// nothing has written `fines` or `orders` since; on PostgreSQL (other processes write it) it never does.

let database: TestDatabase;
const onPglite = process.env['TEST_DB'] !== 'postgres';
/** Stores one fine under `subjectKey`; answers its id. */
async function addFine(subjectKey: string): Promise<number> {
  await database.db.insertInto('fine_subjects').values({ key: subjectKey, generated_at: new Date() }).onConflict((oc) => oc.doNothing()).execute();
  return (await database.db.insertInto('fines').values(fineRow(subjectKey, { ruling_date: '2026-11-20' })).returning('id').executeTakeFirstOrThrow()).id;
}

const paidOf = async (key: string) => (await readFines(database.db, { subjectKey: key })).map((e) => e.fine.paid);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('fines read on the search path', () => {
  it('are read once while nothing writes them (PGlite), and are frozen for every caller', async () => {
    const id = await addFine('cache:a');
    const first = await readFines(database.db, { subjectKey: 'cache:a' });
    const again = await readFines(database.db, { subjectKey: 'cache:a' });
    if (onPglite) expect(again).toBe(first);
    else expect(again).not.toBe(first);
    expect(first.map((e) => e.fine.id)).toEqual([id]);
    expect(Object.isFrozen(first[0]?.fine)).toBe(true);
    expect(() => {
      (first[0]?.orders as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it('see every kind of write to fines: built, raw, inside a CTE, a new row, a deletion', async () => {
    const id = await addFine('cache:b');
    expect(await paidOf('cache:b')).toEqual([false]);
    await database.db.updateTable('fines').set({ paid: true }).where('id', '=', id).execute();
    expect(await paidOf('cache:b')).toEqual([true]);
    await sql`update fines set paid = false where id = ${id}`.execute(database.db);
    expect(await paidOf('cache:b')).toEqual([false]);
    await database.db
      .with('changed', (db) => db.updateTable('fines').set({ paid: true }).where('id', '=', id).returning('id'))
      .selectFrom('changed')
      .select('id')
      .execute();
    expect(await paidOf('cache:b')).toEqual([true]);
    await addFine('cache:b');
    expect(await paidOf('cache:b')).toHaveLength(2);
    await database.db.deleteFrom('fines').where('id', '=', id).execute();
    expect(await paidOf('cache:b')).toEqual([false]);
  });

  it('see a payment order written for a fine, and its change of state', async () => {
    const id = await addFine('cache:c');
    expect((await readFines(database.db, { ids: [id] }))[0]?.orders).toEqual([]);
    await database.db.insertInto('orders').values({ fine_id: id, status: 'paid', amount_kopecks: 50_000, paid_at: new Date() }).execute();
    expect((await readFines(database.db, { ids: [id] }))[0]?.orders.map((o) => o.status)).toEqual(['paid']);
    await database.db.updateTable('orders').set({ status: 'refunded' }).where('fine_id', '=', id).execute();
    expect((await readFines(database.db, { ids: [id] }))[0]?.orders.map((o) => o.status)).toEqual(['refunded']);
  });

  it('are not kept from inside a transaction, so a rolled-back write is never shown', async () => {
    const id = await addFine('cache:d');
    expect(await paidOf('cache:d')).toEqual([false]);
    await database.db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('fines').set({ paid: true }).where('id', '=', id).execute();
        expect((await readFines(tx, { subjectKey: 'cache:d' })).map((e) => e.fine.paid)).toEqual([true]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await paidOf('cache:d')).toEqual([false]);
  });

  it('are not read again when other tables are written (PGlite)', async () => {
    await addFine('cache:e');
    const first = await readFines(database.db, { subjectKey: 'cache:e' });
    const version = writeVersion(database.db);
    await database.db.insertInto('fine_subjects').values({ key: 'cache:other', generated_at: new Date() }).onConflict((oc) => oc.doNothing()).execute();
    expect(writeVersion(database.db)).toBe(version);
    if (onPglite) expect(await readFines(database.db, { subjectKey: 'cache:e' })).toBe(first);
  });

  it('are remembered only where this process sees every write: PGlite outside a transaction, never PostgreSQL', async () => {
    expect(typeof writeVersion(database.db)).toBe(onPglite ? 'number' : 'undefined');
    await database.db.transaction().execute(async (tx) => {
      expect(writeVersion(tx)).toBeUndefined();
    });
  });
});
