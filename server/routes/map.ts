import { Hono } from 'hono';
import type { MapOrdinance } from '../../src/api/structs/map.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { optionalUser, requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { queryInput } from '../http/input.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { parseBoxQuery } from '../map/boxQuery.ts';
import { cityOfRegion, nearestCity, startView } from '../map/startView.ts';
import { collectOrdinances } from '../ordinances/ordinanceList.ts';

/** Public camera answers may be kept by browsers and CDNs this long (s): the set changes rarely. */
const CAMERAS_MAX_AGE = 300;
/** Box queries per address per minute unless MAP_RATE_LIMIT says otherwise: a person panning non-stop asks about one a second. */
export const DEFAULT_MAP_RATE_LIMIT = 120;

/**
 * The cameras service (spec §7, issue 13) under /coordinates: the box query with server-side
 * clusters, the map's start, and the signed-in user's fines with their places.
 */
export function mapRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Anyone may ask, and each answer is work: paced per address (an IPv6 client per /64).
  const perAddress = rateLimit(deps.limiter, { name: 'cameras', limit: deps.mapRateLimit ?? DEFAULT_MAP_RATE_LIMIT, windowMs: 60_000, trustProxy: deps.trustProxy });

  routes.get('/cameras', perAddress, async (c) => {
    const { box, zoom } = parseBoxQuery(queryInput(c));
    const answer = await deps.cameras.query(box, zoom);
    c.header('Cache-Control', `public, max-age=${CAMERAS_MAX_AGE}`);
    return ok(c, answer);
  });

  routes.get('/init', optionalUser(deps, { ignoreInvalid: true }), async (c) => {
    const region = queryInput(c)['region'];
    if (region !== undefined && region !== '' && !/^\d{2}$/.test(region)) throw new ApiError(400, 'Регион — код субъекта из двух цифр, например 77');
    let city = region ? cityOfRegion(region) : undefined;
    const userId = c.get('userId');
    if (city === undefined && userId !== undefined) {
      // The newest of the user's fines with a place says where they drive.
      const { items } = await collectOrdinances(deps, userId);
      const newest = items.filter((item) => item.point !== undefined).sort((a, b) => b.date.localeCompare(a.date))[0];
      if (newest?.point !== undefined) city = nearestCity([newest.point.lat, newest.point.lon]);
    }
    return ok(c, startView(city, deps.mapTilesUrl));
  });

  routes.get('/ordinances', requireUser(deps), async (c) => {
    const { items, isWait } = await collectOrdinances(deps, userOf(c));
    const ordinances: MapOrdinance[] = items.flatMap((item) =>
      item.kind === 'fine' && item.point !== undefined
        ? [{ id: item.ref, lat: item.point.lat, lon: item.point.lon, article: item.article, title: item.title, date: item.date, amountToPay: item.amountToPay, amountToPayKopecks: item.amountToPayKopecks, paid: item.paid, discountActive: item.discountActive, address: item.place, vehiclePlate: item.vehiclePlate }]
        : [],
    );
    return ok(c, { ordinances, ...(isWait ? { isWait: true as const } : {}) });
  });

  return routes;
}
