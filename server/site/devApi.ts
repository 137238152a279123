import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { isApiPath } from '../../src/lib/apiPaths.ts';
import { bootApi } from '../boot.ts';
import { loadServerEnv } from '../env.ts';
import { createDevMailbox } from './devMailbox.ts';

/**
 * `npm run dev`: a connect middleware that serves the API on Astro's dev server, so islands reach it
 * at the same origin, and the local mailbox (/dev/mail/) the outbox's log lines point to. The API
 * (and its database) opens at once, when the dev server starts.
 */
export function apiDevMiddleware(): {
  handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  close: () => Promise<void>;
} {
  const env = loadServerEnv();
  const booted = bootApi(env);
  const listener = booted.then((api) => getRequestListener(api.app.fetch));
  const mailbox = booted.then((api) => {
    const box = createDevMailbox({ db: api.deps.db, production: env.production });
    return box === undefined ? undefined : getRequestListener(box.fetch);
  });
  const failed = (res: ServerResponse) => (error: unknown) => {
    console.error('API failed to start', error);
    res.statusCode = 503;
    res.end();
  };
  return {
    handle(req, res, next) {
      const path = req.url ?? '/';
      if (path.startsWith('/dev/mail/')) {
        mailbox.then((serve) => (serve === undefined ? next() : serve(req, res))).catch(failed(res));
        return;
      }
      if (!isApiPath(path)) return next();
      listener.then((serve) => serve(req, res)).catch(failed(res));
    },
    close: async () => (await booted).close(),
  };
}
