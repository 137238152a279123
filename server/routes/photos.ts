import { Hono } from 'hono';
import { is } from 'superstruct';
import { PhotoQuery } from '../../src/api/structs/fine.ts';
import { Token } from '../../src/api/structs/fields.ts';
import type { AppDeps } from '../appDeps.ts';
import type { FineRow } from '../db/schema.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { optionalUser } from '../http/auth.ts';
import { ok, wait } from '../http/envelope.ts';
import { parseInput, queryInput } from '../http/input.ts';
import { dateShift, shiftDateTime } from '../fines/fineView.ts';
import { todayOf } from '../fines/fineStore.ts';
import { fineByShareHash, readableFine } from '../fines/fineQueries.ts';
import { photoByToken, photosOf, photosReadyAt } from '../photos/photoStore.ts';
import { renderCameraFrame } from '../photos/cameraFrame.ts';

/** Security headers of a served image: it can run nothing and load nothing. */
const IMAGE_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, max-age=86400',
};

/** URL path of a photo image. */
function imageUrl(token: string): string {
  return `/105/api/photo/image/${token}.svg`;
}

/** Violation photos: wait while the sandbox "fetches" them, then their URLs; and the images themselves. */
export function photoRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();

  routes.get('/photo', optionalUser(deps), async (c) => {
    const query = parseInput(PhotoQuery, queryInput(c), 400);
    let fine: FineRow | undefined;
    if (query.fineId !== undefined) {
      const userId = c.get('userId');
      if (userId === undefined) throw new ApiError(401, 'Требуется авторизация');
      fine = (await readableFine(deps, userId, query.fineId))?.fine;
    } else if (query.hash !== undefined) {
      fine = await fineByShareHash(db, query.hash);
    } else {
      throw new ApiError(400, 'Поле «fineId» обязательно для заполнения');
    }
    if (fine === undefined) throw notFound();
    if (fine.camera_id === null) throw new ApiError(404, 'Фотография нарушения отсутствует');

    // The first request starts the "fetch" from the camera archive; later ones see how long is left.
    const now = clock();
    const readyAt = await photosReadyAt(db, fine.id, new Date(now.getTime() + deps.photoDelayMs));
    const left = readyAt.getTime() - now.getTime();
    if (left > 0) return wait(c, Math.max(1, Math.ceil(left / 1000)));

    const photos = await photosOf(db, fine.id);
    return ok(c, { photos: photos.map((p) => ({ url: imageUrl(p.token), width: p.width, height: p.height, title: p.title })) });
  });

  routes.get('/photo/image/:file', async (c) => {
    const token = /^(.+)\.svg$/.exec(c.req.param('file'))?.[1];
    if (token === undefined || !is(token, Token)) throw notFound();
    const row = await photoByToken(db, token);
    if (row === undefined || row.camera_id === null || row.ready_at === null || row.ready_at > clock()) throw notFound();
    const violationAt = shiftDateTime(row.violation_at, dateShift(row, todayOf(deps)));
    const svg = renderCameraFrame({
      plateNumber: row.plate_number,
      plateRegion: row.plate_region,
      violationAt,
      address: row.address,
      cameraId: row.camera_id,
      speed: row.speed_actual !== null && row.speed_limit !== null ? { actual: row.speed_actual, limit: row.speed_limit } : null,
      articleTitle: row.article_title,
      article: row.article,
      position: row.position,
      count: row.count,
      title: row.title,
      width: row.width,
      height: row.height,
    });
    return c.body(svg, 200, IMAGE_HEADERS);
  });

  return routes;
}
