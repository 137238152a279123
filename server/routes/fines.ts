import { Hono } from 'hono';
import type { Context } from 'hono';
import { CarQuery } from '../../src/api/structs/carId.ts';
import { FineIdsQuery, FineQuery, OrderQuery, UinQuery } from '../../src/api/structs/fine.ts';
import { Token } from '../../src/api/structs/fields.ts';
import type { AppDeps } from '../appDeps.ts';
import { notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { optionalUser, requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseInput, queryInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { getDriverLicense } from '../documents/driverLicenseStore.ts';
import { getInn } from '../documents/innStore.ts';
import { getSts } from '../documents/stsStore.ts';
import type { Identifier } from '../fines/fineView.ts';
import { toFine, toOrder } from '../fines/fineView.ts';
import { finesOfSubject, grant, lookupSubject, ordersOfFines, readableFines, storeSubject, todayOf } from '../fines/fineStore.ts';
import type { FineRow } from '../db/schema.ts';
import type { FineSubject } from '../providers/fines/provider.ts';
import { is } from 'superstruct';

/** Fine lists, one fine, one order, anonymous search by УИН and by share hash (spec §7 Fines and taxes). */
export function fineRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  const uinLimit = rateLimit({ limit: deps.uinRateLimit, windowMs: 60_000, trustProxy: deps.trustProxy, clock });

  /** The reply of a list: fines and the orders of the paid ones. */
  const listReply = async (c: Context<AppEnv>, rows: FineRow[], as?: Identifier) => {
    const today = todayOf(deps);
    const orders = await ordersOfFines(db, rows.map((row) => row.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ok(c, {
      fines: rows.map((row) => toFine(row, today, as)),
      orders: orders.flatMap((order) => {
        const fine = byId.get(order.fine_id);
        return fine === undefined ? [] : [toOrder(order, fine, today, as)];
      }),
    });
  };

  /** Looks a document up for the signed-in user and replies with its fines. */
  const byDocument = async (c: Context<AppEnv>, subject: FineSubject, as: Identifier) => {
    const userId = userOf(c);
    const key = await lookupSubject(deps, subject);
    await grant(db, userId, key, clock());
    return listReply(c, await finesOfSubject(db, key), as);
  };

  routes.get('/fine/uinInfo', uinLimit, optionalUser(db), async (c) => {
    const { uin } = parseInput(UinQuery, queryInput(c));
    let row = await db.selectFrom('fines').selectAll().where('uin', '=', uin).executeTakeFirst();
    if (row === undefined) {
      const found = await deps.fines.findUin(uin, todayOf(deps));
      if (found !== undefined) {
        await storeSubject(db, found, clock());
        row = await db.selectFrom('fines').selectAll().where('uin', '=', uin).executeTakeFirst();
      }
    }
    const userId = c.get('userId');
    if (row !== undefined && userId !== undefined) await grant(db, userId, row.subject_key, clock());
    return listReply(c, row === undefined ? [] : [row]);
  });

  routes.get('/tax/uinInfo', uinLimit, async (c) => {
    const { uin } = parseInput(UinQuery, queryInput(c));
    const tax = await deps.fines.findTax(uin, todayOf(deps));
    return ok(c, { taxes: tax === undefined ? [] : [tax] });
  });

  routes.get('/fine/info/:hash', async (c) => {
    const hash = c.req.param('hash');
    if (!is(hash, Token)) throw notFound();
    const row = await db.selectFrom('fines').selectAll().where('share_hash', '=', hash).executeTakeFirst();
    if (row === undefined) throw notFound();
    return ok(c, { fine: toFine(row, todayOf(deps)) });
  });

  routes.use('/fineList/*', requireUser(db));
  routes.use('/fine', requireUser(db));
  routes.use('/order', requireUser(db));

  routes.get('/fineList/by/ids', async (c) => {
    const { ordinanceIds } = parseInput(FineIdsQuery, queryInput(c), 400);
    const ids = [...new Set(ordinanceIds)];
    const rows = await readableFines(db, userOf(c), ids);
    if (rows.length !== ids.length) throw notFound();
    return listReply(c, rows);
  });

  routes.get('/fineList/by/sts/:id', async (c) => {
    const sts = await getSts(db, userOf(c), pathId(c));
    const subject = { kind: 'sts', sts: sts.sts, plateNumber: sts.plate_number, plateRegion: sts.plate_region } as const;
    return byDocument(c, subject, { identifier: sts.sts, identifierType: 'sts' });
  });

  routes.get('/fineList/by/dl/:id', async (c) => {
    const licence = await getDriverLicense(db, userOf(c), pathId(c));
    return byDocument(c, { kind: 'dl', driverLicense: licence.number }, { identifier: licence.number, identifierType: 'dl' });
  });

  routes.get('/fineList/by/inn/:id', async (c) => {
    const inn = await getInn(db, userOf(c), pathId(c));
    return byDocument(c, { kind: 'inn', inn: inn.inn }, { identifier: inn.inn, identifierType: 'inn' });
  });

  routes.get('/fineList/by/car/:car', async (c) => {
    const { car } = parseInput(CarQuery, { car: c.req.param('car') });
    if (car.kind === 'vin') return byDocument(c, { kind: 'vin', vin: car.vin }, { identifier: car.vin, identifierType: 'vin' });
    const subject = { kind: 'plate', plateNumber: car.plateNumber, plateRegion: car.plateRegion } as const;
    return byDocument(c, subject, { identifier: car.plateNumber + car.plateRegion, identifierType: 'plate' });
  });

  routes.get('/fine', async (c) => {
    const { fine } = parseInput(FineQuery, queryInput(c), 400);
    const [row] = await readableFines(db, userOf(c), [fine]);
    if (row === undefined) throw notFound();
    return ok(c, { fine: toFine(row, todayOf(deps)) });
  });

  routes.get('/order', async (c) => {
    const { id } = parseInput(OrderQuery, queryInput(c), 400);
    const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    const [fine] = order === undefined ? [] : await readableFines(db, userOf(c), [order.fine_id]);
    if (order === undefined || fine === undefined) throw notFound();
    return ok(c, { order: toOrder(order, fine, todayOf(deps)) });
  });

  return routes;
}
