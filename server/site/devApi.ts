import { getRequestListener } from '@hono/node-server';
import type { ViteDevServer } from 'vite';
import { bootApi } from '../boot.ts';
import { loadServerEnv } from '../env.ts';

/** `npm run dev`: mounts the API on Astro's dev server so islands reach it at the same origin. */
export async function mountApiInDev(server: ViteDevServer): Promise<void> {
  const api = await bootApi(loadServerEnv());
  const listener = getRequestListener(api.app.fetch);
  server.middlewares.use((req, res, next) => {
    const path = req.url ?? '/';
    if (path.startsWith('/105/') || path.startsWith('/api/') || path.startsWith('/coordinates/')) {
      void listener(req, res);
      return;
    }
    next();
  });
  server.httpServer?.once('close', () => void api.close());
}
