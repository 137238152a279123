import { Hono } from 'hono';
import type { AppDeps } from '../appDeps.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { openApiDocument } from '../openapi/document.ts';

/** GET /openapi.json: the OpenAPI 3.1 document of the public API (built once per process). */
export function openApiRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  let document: Record<string, unknown> | undefined;
  routes.get('/openapi.json', (c) => {
    document ??= openApiDocument(deps.siteUrl);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(document);
  });
  return routes;
}
