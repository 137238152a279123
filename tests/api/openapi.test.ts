import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ROUTES } from '../../server/openapi/routeRegistry.ts';
import { createTestApi } from './helpers/testApi.ts';
import type { TestApi } from './helpers/testApi.ts';

let api: TestApi;
let document: { openapi: string; paths: Record<string, Record<string, any>> };
beforeAll(async () => {
  // With the sandbox controls on, so that every route the app can have is registered.
  api = await createTestApi({ sandboxControl: true });
  const reply = await api.request('GET', '/105/api/openapi.json');
  expect(reply.status).toBe(200);
  document = reply.body as unknown as typeof document;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** Every "METHOD /path" the app answers, in OpenAPI's {param} form. */
function appRoutes(): string[] {
  const seen = new Set<string>();
  for (const route of api.app.routes) {
    if (route.method === 'ALL' || route.path.endsWith('*')) continue;
    seen.add(`${route.method} ${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
  }
  return [...seen].sort();
}

describe('GET /105/api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every route of the app, and nothing the app does not answer', () => {
    const documented = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    const expected = appRoutes().filter((route) => !(SANDBOX_ROUTES as readonly string[]).includes(route));
    expect(documented.sort()).toEqual(expected);
  });

  it('describes requests from the structs the routes check them with', () => {
    const support = document.paths['/105/api/support/create']?.['post'];
    const schema = support.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(schema.required).toEqual(['email', 'content']);
    expect(Object.keys(schema.properties)).toEqual(['email', 'content', 'user_platform', 'user_app_version', 'user_id']);
    const flags = document.paths['/v1/exps/']?.['get'];
    expect(flags.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual([['client_id', true], ['url', false], ['i', false], ['client_features', false]]);
    expect(flags.security).toEqual([]);
    const fineById = document.paths['/105/api/fineList/by/sts/{id}']?.['get'];
    expect(fineById.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  });

  it('describes replies inside the ok envelope, and errors as the error envelope', () => {
    const user = document.paths['/105/api/user']?.['get'];
    const ok = user.responses['200'].content['application/json'].schema;
    expect(ok.properties.status).toEqual({ const: 'ok' });
    expect(ok.properties.response.properties).toHaveProperty('email');
    expect(user.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
  });

  it('describes the integrator calls of drivers, waybills and payment registries, by API key', () => {
    for (const [path, method] of [
      ['/105/api/v1/drivers', 'get'], ['/105/api/v1/drivers', 'post'], ['/105/api/v1/drivers/{driverId}', 'patch'], ['/105/api/v1/drivers/{driverId}', 'delete'],
      ['/105/api/v1/assignments', 'get'], ['/105/api/v1/assignments', 'post'], ['/105/api/v1/assignments/{assignmentId}', 'delete'],
      ['/105/api/v1/payment-registries', 'get'], ['/105/api/v1/payment-registries', 'post'], ['/105/api/v1/payment-registries/{registryId}', 'get'], ['/105/api/v1/payment-registries/{registryId}/file', 'get'],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(JSON.stringify(operation.security)).toContain('apiKey');
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
    }
    const list = document.paths['/105/api/v1/assignments']?.['get'];
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(['vehicle', 'driver', 'from', 'to', 'page', 'showBy']);
    expect(document.paths['/105/api/v1/payment-registries']?.['post'].summary).toContain('нужен ключ read-write');
  });
});
