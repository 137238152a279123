import { Hono } from 'hono';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { queryInput } from '../http/input.ts';

/** The longest address the geocoder reads. */
const MAX_REQUEST = 200;
/** The most places one answer carries. */
const MAX_RESULTS = 50;

/**
 * The geocoding service (spec §7 "GET /1.x/ (apikey, geocode, format=json)") under /geocoder: it
 * answers in the shape of the geocoder the spec names, from our own data or the real service behind
 * the same interface. `apikey` is accepted and not needed: the server holds the real service's key.
 */
export function geocoderRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/1.x/', async (c) => {
    const query = queryInput(c);
    if ((query['format'] ?? 'json') !== 'json') throw new ApiError(400, 'Поддерживается только format=json');
    const request = (query['geocode'] ?? '').trim();
    if (request === '') throw new ApiError(400, 'Не указан адрес для поиска (geocode)');
    if (request.length > MAX_REQUEST) throw new ApiError(400, `Адрес длиннее ${MAX_REQUEST} знаков`);
    const resultsText = query['results'] ?? '10';
    const results = Number(resultsText);
    if (!Number.isInteger(results) || results < 1 || results > MAX_RESULTS) throw new ApiError(400, `results — целое число от 1 до ${MAX_RESULTS}`);
    let reply;
    try {
      reply = await deps.geocoder.geocode(request, results);
    } catch (error) {
      deps.onUnexpectedError?.(error, { requestId: c.get('requestId') });
      throw new ApiError(502, 'Сервис поиска адресов не ответил. Попробуйте позже');
    }
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(reply);
  });
  return routes;
}
