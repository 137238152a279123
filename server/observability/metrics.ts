import client from 'prom-client';
import type { RequestEntry } from './requestEntry.ts';

/** Where the gauges read their figures when /metrics is scraped; each part is optional. */
export type MetricSources = {
  /** The job queue's counts. */
  jobs?: () => Promise<{ queued: number; running: number; failed: number }>;
  /** The PostgreSQL pool's connections (none on PGlite). */
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  /** Payments per status. */
  payments?: () => Promise<Record<string, number>>;
};

/** The process's metrics: what requests feed in, and the text /metrics answers. */
export type Metrics = {
  observe(entry: RequestEntry): void;
  render(): Promise<string>;
  contentType: string;
};

/** A Prometheus registry (prom-client) with the request, rate-limit, pool, queue and payment figures. */
export function createMetrics(sources: MetricSources = {}): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({ name: 'http_requests_total', help: 'Requests handled, by route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const refusals = new client.Counter({ name: 'rate_limit_refusals_total', help: 'Requests refused by a rate limit (429), by route pattern', labelNames: ['route'], registers: [registry] });
  new client.Gauge({
    name: 'job_queue_jobs',
    help: 'Background jobs by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await sources.jobs?.();
      if (counts === undefined) return;
      for (const [state, value] of Object.entries(counts)) this.set({ state }, value);
    },
  });
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL only)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.pool?.();
      if (pool === undefined) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
  new client.Gauge({
    name: 'payments',
    help: 'Payments by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await sources.payments?.();
      if (counts === undefined) return;
      for (const [status, value] of Object.entries(counts)) this.set({ status }, value);
    },
  });
  return {
    observe(entry) {
      const status = String(entry.status);
      requests.inc({ method: entry.method, route: entry.route, status });
      duration.observe({ method: entry.method, route: entry.route }, entry.ms / 1000);
      if (entry.status === 429) refusals.inc({ route: entry.route });
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
