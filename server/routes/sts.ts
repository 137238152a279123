import { Hono } from 'hono';
import { StsDeleteInput, StsImportInput, StsInput } from '../../src/api/structs/sts.ts';
import type { AppDeps } from '../appDeps.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { anyInput, bodyInput, parseInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { assertRoomFor, lockUser } from '../documents/limits.ts';
import { deleteSts, insertSts, listSts, toSts, updateSts } from '../documents/stsStore.ts';

/** Vehicle registration certificates (spec §7 Documents: Sts). */
export function stsRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  routes.use('/sts', requireUser(deps));
  routes.use('/sts/*', requireUser(deps));

  routes.get('/sts', async (c) => ok(c, { sts: (await listSts(db, userOf(c))).map(toSts) }));

  routes.post('/sts', async (c) => {
    const input = parseInput(StsInput, await bodyInput(c));
    const userId = userOf(c);
    const { row, added } = await db.transaction().execute((tx) => insertSts(tx, userId, input, clock()));
    return ok(c, { item: toSts(row), added });
  });

  routes.post('/sts/import', async (c) => {
    const { stsList } = parseInput(StsImportInput, await bodyInput(c));
    const userId = userOf(c);
    const now = clock();
    const added = await db.transaction().execute(async (tx) => {
      await lockUser(tx, userId);
      // Count only the numbers that are new, so a re-import of the same list never hits the cap.
      const existing = new Set((await listSts(tx, userId)).map((row) => row.sts));
      const fresh = new Map(stsList.filter((item) => !existing.has(item.sts)).map((item) => [item.sts, item]));
      await assertRoomFor(tx, 'sts_documents', userId, fresh.size);
      for (const item of fresh.values()) await insertSts(tx, userId, item, now);
      return fresh.size;
    });
    return ok(c, { sts: (await listSts(db, userId)).map(toSts), added });
  });

  routes.put('/sts/:id', async (c) => {
    const id = pathId(c);
    const input = parseInput(StsInput, await bodyInput(c));
    const userId = userOf(c);
    const row = await db.transaction().execute((tx) => updateSts(tx, userId, id, input));
    return ok(c, { item: toSts(row) });
  });

  routes.delete('/sts', async (c) => {
    const { id } = parseInput(StsDeleteInput, await anyInput(c), 400);
    await deleteSts(db, userOf(c), id);
    return ok(c, { deleted: id });
  });

  return routes;
}
