import { Hono } from 'hono';
import type { Context } from 'hono';
import { CarQuery } from '../../src/api/structs/carId.ts';
import { FineIdsQuery, FineQuery, OrderQuery, UinQuery } from '../../src/api/structs/fine.ts';
import { Token, toKopecks } from '../../src/api/structs/fields.ts';
import type { AppDeps } from '../appDeps.ts';
import { notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { optionalUser, requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseInput, queryInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { addressSubject, clientAddress, enforceLimit, rateLimit } from '../http/rateLimit.ts';
import { getDriverLicense } from '../documents/driverLicenseStore.ts';
import { getInn } from '../documents/innStore.ts';
import { getSts } from '../documents/stsStore.ts';
import type { Identifier } from '../fines/fineView.ts';
import { byUin, toFine, toFineWithPaidAt, toOrder } from '../fines/fineView.ts';
import { grant, lookupSubject, storeSubject, todayOf } from '../fines/fineStore.ts';
import type { FineWithOrders } from '../fines/fineQueries.ts';
import { readFines, readOrder, readableFine, readableFines, uinGrantKey } from '../fines/fineQueries.ts';
import type { FineSubject } from '../providers/fines/provider.ts';
import { is } from 'superstruct';

/** Fine lists, one fine, one order, anonymous search by УИН and by share hash (spec §7 Fines and taxes). */
export function fineRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  const uinLimit = rateLimit(deps.limiter, { name: 'uin', limit: deps.uinRateLimit, windowMs: 60_000, trustProxy: deps.trustProxy });

  /** The reply of a list: fines and the orders of the paid ones, each shown as found by `as` (or by what grants it). */
  const listReply = (c: Context<AppEnv>, found: (FineWithOrders & { shownAs?: Identifier })[], as?: Identifier) => {
    const today = todayOf(deps);
    const shownAs = (entry: (typeof found)[number]) => as ?? entry.shownAs;
    return ok(c, {
      fines: found.map((entry) => toFine(entry.fine, today, shownAs(entry))),
      orders: found.flatMap((entry) => entry.orders.map((order) => toOrder(order, entry.fine, today, shownAs(entry)))),
    });
  };

  /** Looks a document up for the signed-in user and replies with its fines. */
  const byDocument = async (c: Context<AppEnv>, subject: FineSubject, as: Identifier) => {
    const userId = userOf(c);
    const key = await lookupSubject(deps, subject);
    await grant(deps, userId, key, as);
    return listReply(c, await readFines(db, { subjectKey: key }), as);
  };

  routes.get('/fine/uinInfo', uinLimit, optionalUser(deps), async (c) => {
    const { uin } = parseInput(UinQuery, queryInput(c));
    let found = await readFines(db, { uin });
    if (found.length === 0) {
      const source = await deps.fines.findUin(uin, todayOf(deps));
      if (source !== undefined) {
        await storeSubject(db, source, clock());
        found = await readFines(db, { uin });
      }
    }
    // A session that found a fine by its УИН may open that fine (and its photo), not the rest of its document.
    const userId = c.get('userId');
    if (found.length > 0 && userId !== undefined) await grant(deps, userId, uinGrantKey(uin));
    return listReply(c, found, byUin(uin));
  });

  routes.get('/tax/uinInfo', uinLimit, async (c) => {
    const { uin } = parseInput(UinQuery, queryInput(c));
    const tax = await deps.fines.findTax(uin, todayOf(deps));
    return ok(c, { taxes: tax === undefined ? [] : [{ ...tax, amountKopecks: toKopecks(tax.amount) }] });
  });

  routes.get('/fine/info/:hash', async (c) => {
    const hash = c.req.param('hash');
    if (!is(hash, Token)) throw notFound();
    const [found] = await readFines(db, { shareHash: hash });
    if (found === undefined) throw notFound();
    return ok(c, { fine: toFineWithPaidAt(found, todayOf(deps), byUin(found.fine.uin)) });
  });

  routes.use('/fineList/*', requireUser(deps));
  routes.use('/fine', requireUser(deps));
  routes.use('/order', requireUser(deps));

  routes.get('/fineList/by/ids', async (c) => {
    const { ordinanceIds } = parseInput(FineIdsQuery, queryInput(c), 400);
    const ids = [...new Set(ordinanceIds)];
    const found = await readableFines(deps, userOf(c), ids);
    if (found.length !== ids.length) throw notFound();
    return listReply(c, found);
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
    // Looking cars up by plate is how someone would scrape the fines of every car: paced per user and per address.
    const rule = { limit: deps.lookupRateLimit, windowMs: 60_000 };
    await enforceLimit(c, deps.limiter, 'lookup', `user:${userOf(c)}`, rule);
    await enforceLimit(c, deps.limiter, 'lookup', addressSubject(clientAddress(c, deps.trustProxy)), { ...rule, limit: rule.limit * 4 });
    const { car } = parseInput(CarQuery, { car: c.req.param('car') });
    if (car.kind === 'vin') return byDocument(c, { kind: 'vin', vin: car.vin }, { identifier: car.vin, identifierType: 'vin' });
    const subject = { kind: 'plate', plateNumber: car.plateNumber, plateRegion: car.plateRegion } as const;
    return byDocument(c, subject, { identifier: car.plateNumber + car.plateRegion, identifierType: 'plate' });
  });

  routes.get('/fine', async (c) => {
    const { fine } = parseInput(FineQuery, queryInput(c), 400);
    const found = await readableFine(deps, userOf(c), fine);
    if (found === undefined) throw notFound();
    return ok(c, { fine: toFineWithPaidAt(found, todayOf(deps), found.shownAs) });
  });

  routes.get('/order', async (c) => {
    const { id } = parseInput(OrderQuery, queryInput(c), 400);
    const order = await readOrder(db, id);
    const found = order === undefined ? undefined : await readableFine(deps, userOf(c), order.fine_id);
    if (order === undefined || found === undefined) throw notFound();
    return ok(c, { order: toOrder(order, found.fine, todayOf(deps), found.shownAs) });
  });

  return routes;
}
