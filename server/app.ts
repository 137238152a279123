import { Hono } from 'hono';

/** What the API needs from the outside world; grows as the API grows. */
export type AppDeps = Record<string, never>;

/** Builds the API application (no network, no process state): the local server and tests mount it. */
export function createApp(_deps: AppDeps): Hono {
  const app = new Hono();
  app.get('/105/api/health', (c) => c.json({ status: 'ok', response: { healthy: true } }));
  app.notFound((c) => c.json({ status: 'error', error: { errorDesc: 'Метод API не найден' } }, 404));
  return app;
}
