import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../server/observability/metrics.ts';
import { metricsApp } from '../../server/observability/metricsApp.ts';
import type { RequestEntry } from '../../server/observability/requestEntry.ts';
import { createTestApi } from './helpers/testApi.ts';
import type { TestApi } from './helpers/testApi.ts';

let api: TestApi;
const seen: RequestEntry[] = [];
beforeAll(async () => {
  api = await createTestApi({ onRequest: (entry) => seen.push(entry) });
});
afterAll(async () => {
  await api.close();
});

describe('request ids and the access entry (issue 17, observability)', () => {
  it('every reply carries a request id; a well-formed one from the proxy is kept, anything else replaced', async () => {
    const fresh = await api.request('GET', '/105/api/health');
    expect(fresh.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await api.request('GET', '/105/api/health', { headers: { 'X-Request-Id': 'lb-0123456789abcdef' } });
    expect(kept.headers.get('X-Request-Id')).toBe('lb-0123456789abcdef');
    const replaced = await api.request('GET', '/105/api/health', { headers: { 'X-Request-Id': 'evil id with spaces <script>' } });
    expect(replaced.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the observer gets the route pattern, never the path with the document, hash or id in it', async () => {
    seen.length = 0;
    const user = await api.register();
    await api.request('GET', '/105/api/fineList/by/car/%D0%90123%D0%92%D0%A177', { session: user });
    await api.request('GET', '/105/api/fine/info/AbCdEfGhIjKlMnOpQrStUv', { session: user });
    await api.request('GET', '/105/api/no/such/call');
    const routes = seen.map((entry) => entry.route);
    expect(routes).toContain('/105/api/fineList/by/car/:car');
    expect(routes).toContain('/105/api/fine/info/:hash');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', route: '{unmatched}', status: 404 });
    const text = JSON.stringify(seen);
    expect(text).not.toContain('А123');
    expect(text).not.toContain('AbCdEfGhIjKlMnOpQrStUv');
    for (const entry of seen) expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unexpected error reaches the error hook with the request id of its reply', async () => {
    const errors: { requestId?: string | undefined }[] = [];
    const broken = await createTestApi({ onUnexpectedError: (_error, context) => errors.push(context ?? {}) });
    const user = await broken.register();
    await broken.database.close();
    const reply = await broken.request('GET', '/105/api/sts', { session: user });
    expect(reply.status).toBe(500);
    expect(errors.at(-1)?.requestId).toBe(reply.headers.get('X-Request-Id'));
  });
});

describe('health says whether the database answers', () => {
  it('200 with database: true while it answers, 503 with database: false when it does not', async () => {
    const healthy = await api.request('GET', '/105/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body.response).toMatchObject({ healthy: true, database: true });
    const down = await createTestApi();
    await down.database.close();
    const reply = await down.request('GET', '/105/api/health');
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ status: 'error', response: { healthy: false, database: false } });
  });
});

describe('/metrics (prom-client)', () => {
  it('counts requests by route pattern and status, 429s as refusals, and reads the queue, pool and payments', async () => {
    const metrics = createMetrics({
      jobs: async () => ({ queued: 3, running: 1, failed: 0 }),
      pool: () => ({ total: 10, idle: 7, waiting: 0 }),
      payments: async () => ({ wait: 2, success: 5 }),
    });
    metrics.observe({ requestId: 'a', method: 'GET', route: '/105/api/fine/info/:hash', status: 200, ms: 12 });
    metrics.observe({ requestId: 'b', method: 'GET', route: '/105/api/fine/info/:hash', status: 200, ms: 30 });
    metrics.observe({ requestId: 'c', method: 'POST', route: '/105/api/login', status: 429, ms: 1 });
    const text = await metrics.render();
    expect(text).toContain('http_requests_total{method="GET",route="/105/api/fine/info/:hash",status="200"} 2');
    expect(text).toContain('rate_limit_refusals_total{route="/105/api/login"} 1');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.025",method="GET",route="\/105\/api\/fine\/info\/:hash"\} 1/);
    expect(text).toContain('job_queue_jobs{state="queued"} 3');
    expect(text).toContain('db_pool_connections{state="idle"} 7');
    expect(text).toContain('payments{status="success"} 5');
  });

  it('the metrics listener answers /metrics in Prometheus text and nothing else', async () => {
    const app = metricsApp(createMetrics());
    const reply = await app.request('/metrics');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/plain');
    expect(await reply.text()).toContain('# TYPE http_requests_total counter');
    expect((await app.request('/105/api/health')).status).toBe(404);
  });
});
