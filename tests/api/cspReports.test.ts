import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from './helpers/testApi.ts';
import type { TestApi } from './helpers/testApi.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** Sends a raw report body. */
const send = (type: string, body: unknown) =>
  api.app.request('/105/api/csp-report', { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const rows = () => api.deps.db.selectFrom('csp_reports').selectAll().orderBy('id').execute();

describe('POST /105/api/csp-report (issue 17 item 10)', () => {
  it('stores a CSP2 report with the page as its route pattern and the blocked resource as an origin', async () => {
    const reply = await send('application/csp-report', {
      'csp-report': {
        'document-uri': 'https://shtrafy.example.ru/fines/info/AbCdEfGhIjKlMnOpQrStUv/?session=secret',
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'https://evil.example/x.js?token=abc',
        'source-file': 'https://shtrafy.example.ru/_astro/client.js',
        'line-number': 12,
        disposition: 'enforce',
      },
    });
    expect(reply.status).toBe(204);
    expect((await rows()).at(-1)).toMatchObject({ page: '/fines/info/{hash}', directive: 'script-src-elem', blocked: 'https://evil.example', source_file: 'https://shtrafy.example.ru/_astro/client.js', line: 12, disposition: 'enforce' });
    expect(JSON.stringify(await rows())).not.toMatch(/AbCdEfGh|secret|token=abc/);
  });

  it('stores the Reporting API list, keeping only csp-violation entries', async () => {
    const before = (await rows()).length;
    const reply = await send('application/reports+json', [
      { type: 'csp-violation', url: 'https://shtrafy.example.ru/', body: { documentURL: 'https://shtrafy.example.ru/', effectiveDirective: 'style-src-elem', blockedURL: 'inline', disposition: 'report' } },
      { type: 'deprecation', body: { id: 'x' } },
    ]);
    expect(reply.status).toBe(204);
    const added = (await rows()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ page: '/', directive: 'style-src-elem', blocked: 'inline', disposition: 'report' });
  });

  it.each([
    ['text/plain', '{}', 415],
    ['application/csp-report', 'not json', 400],
    ['application/csp-report', { 'csp-report': {} }, 400],
    ['application/csp-report', { 'csp-report': { 'document-uri': 'nonsense', 'violated-directive': 'script-src' } }, 400],
    ['application/reports+json', [], 400],
    ['application/reports+json', { type: 'csp-violation' }, 400],
    ['application/csp-report', { 'csp-report': { 'document-uri': 'https://a.ru/', 'violated-directive': 'x'.repeat(20_000) } }, 413],
  ])('refuses %s %j with %i and stores nothing', async (type, body, status) => {
    const before = (await rows()).length;
    const reply = await send(type, body);
    expect(reply.status).toBe(status);
    expect((await reply.json()).error.errorDesc).toMatch(/[А-Яа-я]/);
    expect((await rows()).length).toBe(before);
  });
});
