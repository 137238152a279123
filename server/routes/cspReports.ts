import { Hono } from 'hono';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { dropUnsafeKeys } from '../http/input.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { parseCspReport, storeCspViolations } from '../observability/cspReports.ts';

/** Report bodies are small; one over this is not a browser's report. */
const MAX_REPORT_BYTES = 16 * 1024;

/** POST /csp-report: browsers' CSP violation reports (both formats), stored for the team; 204 on success. */
export function cspReportRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const perAddress = rateLimit(deps.limiter, { name: 'cspReport', limit: 60, windowMs: 60_000, trustProxy: deps.trustProxy });

  routes.post('/csp-report', perAddress, async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/application\/(csp-report|reports\+json|json)/.test(type)) throw new ApiError(415, 'Отчёт CSP принимается в формате application/csp-report или application/reports+json');
    const raw = await c.req.text();
    if (raw.length > MAX_REPORT_BYTES) throw new ApiError(413, 'Слишком большой отчёт CSP');
    let body: unknown;
    try {
      body = JSON.parse(raw, dropUnsafeKeys);
    } catch {
      throw new ApiError(400, 'Отчёт CSP не является корректным JSON');
    }
    const violations = parseCspReport(body);
    if (violations.length === 0) throw new ApiError(400, 'В отчёте нет нарушений CSP');
    await storeCspViolations(deps.db, violations, deps.clock());
    return c.body(null, 204);
  });
  return routes;
}
