import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../server/providers/fines/sandbox.ts';
import type { TestApi } from './helpers/testApi.ts';
import { createTestApi } from './helpers/testApi.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('the envelope', () => {
  it('answers unknown routes with a JSON 404 envelope', async () => {
    for (const path of ['/105/api/nothing', '/api/ordinances/x', '/coordinates/nowhere', '/105/api/stsx', '/']) {
      const reply = await api.request('GET', path);
      expect(reply.status).toBe(404);
      expect(reply.headers.get('content-type')).toContain('application/json');
      expect(reply.body).toEqual({ status: 'error', error: { errorDesc: 'Метод API не найден' } });
    }
  });

  it('marks replies as not cacheable', async () => {
    const reply = await api.request('GET', '/105/api/client');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('rejects a malformed JSON body with 400, not 500', async () => {
    const session = await api.register();
    const response = await api.app.request('/105/api/sts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) },
      body: '{"sts": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', error: { errorDesc: 'Тело запроса не является корректным JSON' } });
  });

  it('rejects a JSON body that is not an object', async () => {
    const session = await api.register();
    const reply = await api.request('POST', '/105/api/sts', { session, json: ['sts'] });
    expect(reply.status).toBe(400);
  });

  it('rejects an oversized body with 413', async () => {
    const session = await api.register();
    const reply = await api.request('POST', '/105/api/sts/import', { session, form: { stsList: 'x'.repeat(70_000) } });
    expect(reply.status).toBe(413);
    expect(reply.body.error?.errorDesc).toBe('Слишком большой запрос');
  });

  it('accepts form-encoded and JSON bodies alike', async () => {
    const session = await api.register();
    const form = await api.request('POST', '/105/api/inn', { session, form: { inn: '7707083893' } });
    const json = await api.request('POST', '/105/api/inn', { session, json: { inn: 7736207543 } });
    expect([form.status, json.status]).toEqual([200, 200]);
    expect(json.body.response.item.inn).toBe('7736207543');
  });

  it('turns an unexpected failure into a 500 envelope without details', async () => {
    const broken = await createTestApi({
      fines: { ...createSandboxProvider(), findTax: async () => Promise.reject(new Error('secret connection string')) },
    });
    try {
      const reply = await broken.request('GET', '/105/api/tax/uinInfo?uin=18810177250612002172');
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({ status: 'error', error: { errorDesc: 'Внутренняя ошибка сервера. Попробуйте позже' } });
      expect(JSON.stringify(reply.body)).not.toContain('secret');
      expect(broken.unexpected).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });

  it('never sent bad input to the 500 handler', () => {
    expect(api.unexpected).toEqual([]);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed site origin, and only from it', async () => {
    const crossOrigin = await createTestApi({ corsOrigins: ['https://shtrafy.example'] });
    try {
      const preflight = (origin: string) =>
        crossOrigin.app.request('/105/api/sts', {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-session,x-rand,x-user-id' },
        });
      const allowed = await preflight('https://shtrafy.example');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shtrafy.example');
      expect(allowed.headers.get('access-control-allow-headers')).toContain('X-Session');
      const other = await preflight('https://evil.example');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await crossOrigin.close();
    }
  });

  it('sends no CORS headers when no origin is configured', async () => {
    const response = await api.app.request('/105/api/client', { headers: { Origin: 'https://shtrafy.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('objects that cannot be printed', () => {
  it.each([
    ['/105/api/sts', { sts: { toString: 1 } }],
    ['/105/api/sts', { sts: { toString: '' }, vehiclePlateNumber: { valueOf: 2 } }],
    ['/105/api/driverLicense', { driverLicense: { toString: null } }],
    ['/105/api/inn', { inn: { constructor: { prototype: 1 } } }],
  ])('POST %s with %j is refused with a 4xx envelope, never a 500', async (path, json) => {
    const session = await api.register();
    const reply = await api.request('POST', path, { session, json });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.status).toBe('error');
    expect(api.unexpected).toEqual([]);
  });
});

describe('every error path keeps the headers (issue 17 item 11)', () => {
  it('a 413 for a body over the limit is not cacheable either', async () => {
    const session = await api.register();
    const reply = await api.request('POST', '/105/api/sts', { session, form: { sts: 'x'.repeat(70 * 1024) } });
    expect(reply.status).toBe(413);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({ status: 'error', error: { errorDesc: 'Слишком большой запрос' } });
  });

  it.each([
    ['GET', '/105/api/nothing'],
    ['GET', '/105/api/sts'],
    ['POST', '/105/api/sts'],
  ])('%s %s (404, 401, 401) is not cacheable', async (method, path) => {
    const reply = await api.request(method, path);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });
});
