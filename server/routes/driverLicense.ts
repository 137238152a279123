import { Hono } from 'hono';
import { DriverLicenseDeleteInput, DriverLicenseInput } from '../../src/api/structs/driverLicense.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { anyInput, bodyInput, parseInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import {
  deleteDriverLicense,
  insertDriverLicense,
  listDriverLicenses,
  toDriverLicense,
  updateDriverLicense,
} from '../documents/driverLicenseStore.ts';

/** Driver licences (spec §7 Documents: Driver licence). */
export function driverLicenseRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  routes.use('/driverLicense', requireUser(deps));
  routes.use('/dl/*', requireUser(deps));

  routes.get('/driverLicense', async (c) =>
    ok(c, { driverLicense: (await listDriverLicenses(db, userOf(c))).map(toDriverLicense) }),
  );

  routes.post('/driverLicense', async (c) => {
    const input = parseInput(DriverLicenseInput, await bodyInput(c));
    const userId = userOf(c);
    const { row, added } = await db.transaction().execute((tx) => insertDriverLicense(tx, userId, input, clock()));
    return ok(c, { item: toDriverLicense(row), added });
  });

  routes.put('/dl/:id', async (c) => {
    const id = pathId(c);
    const input = parseInput(DriverLicenseInput, await bodyInput(c));
    const userId = userOf(c);
    const row = await db.transaction().execute((tx) => updateDriverLicense(tx, userId, id, input));
    return ok(c, { item: toDriverLicense(row) });
  });

  routes.delete('/driverLicense', async (c) => {
    const input = parseInput(DriverLicenseDeleteInput, await anyInput(c), 400);
    const by =
      input.id !== undefined ? { id: input.id } : input.driverLicense !== undefined ? { number: input.driverLicense } : undefined;
    if (by === undefined) throw new ApiError(400, 'Поле «Водительское удостоверение» обязательно для заполнения');
    const deleted = await deleteDriverLicense(db, userOf(c), by);
    return ok(c, { deleted });
  });

  return routes;
}
