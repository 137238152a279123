import { Hono } from 'hono';
import { InnInput } from '../../src/api/structs/inn.ts';
import type { AppDeps } from '../appDeps.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { deleteInn, insertInn, listInns, toInn, updateInn } from '../documents/innStore.ts';

/** Tax ids (spec §7 Documents: Inn). */
export function innRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  routes.use('/inn', requireUser(deps));
  routes.use('/inn/*', requireUser(deps));

  routes.get('/inn', async (c) => ok(c, { items: (await listInns(db, userOf(c))).map(toInn) }));

  routes.post('/inn', async (c) => {
    const input = parseInput(InnInput, await bodyInput(c));
    const userId = userOf(c);
    const { row, added } = await db.transaction().execute((tx) => insertInn(tx, userId, input, clock()));
    return ok(c, { item: toInn(row), added });
  });

  routes.put('/inn/:id', async (c) => {
    const id = pathId(c);
    const input = parseInput(InnInput, await bodyInput(c));
    const userId = userOf(c);
    const row = await db.transaction().execute((tx) => updateInn(tx, userId, id, input));
    return ok(c, { item: toInn(row) });
  });

  routes.delete('/inn/:id', async (c) => {
    const id = pathId(c);
    await deleteInn(db, userOf(c), id);
    return ok(c, { deleted: id });
  });

  return routes;
}
