import { Hono } from 'hono';
import type { Metrics } from './metrics.ts';

/** The app of the metrics listener: GET /metrics in Prometheus' text format, nothing else. */
export function metricsApp(metrics: Metrics): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) => c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
