import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { isApiPath } from '../../src/lib/apiPaths.ts';
import { bootApi } from '../boot.ts';
import { loadServerEnv } from '../env.ts';

/**
 * `npm run dev`: a connect middleware that serves the API on Astro's dev server, so islands reach it
 * at the same origin. The API (and its database) opens at once, when the dev server starts.
 */
export function apiDevMiddleware(): {
  handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  close: () => Promise<void>;
} {
  const booted = bootApi(loadServerEnv());
  const listener = booted.then((api) => getRequestListener(api.app.fetch));
  return {
    handle(req, res, next) {
      if (!isApiPath(req.url ?? '/')) return next();
      listener.then((serve) => serve(req, res)).catch((error: unknown) => {
        console.error('API failed to start', error);
        res.statusCode = 503;
        res.end();
      });
    },
    close: async () => (await booted).close(),
  };
}
