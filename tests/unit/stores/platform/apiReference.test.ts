import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../../server/openapi/document.ts';
import { OpenApiDocument } from '../../../../src/api/structs/openapi.ts';
import { $apiReference, loadApiReference, sectionsOf } from '../../../../src/stores/platform/apiReference.ts';
import { fakeApi } from '../fakeApi.ts';
import { is } from 'superstruct';

describe('API reference page', () => {
  const document = openApiDocument('https://shtrafy.example.ru');

  it('reads the document the server builds', () => {
    expect(is(document, OpenApiDocument)).toBe(true);
  });

  it('groups the calls by section, every call once', () => {
    if (!is(document, OpenApiDocument)) throw new Error('shape');
    const sections = sectionsOf(document);
    expect(sections.map((s) => s.tag)).toContain('Автопарк');
    const count = Object.values(document.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(sections.reduce((n, s) => n + s.entries.length, 0)).toBe(count);
    expect(sections.find((s) => s.tag === 'Автопарк')?.entries[0]).toMatchObject({ method: 'GET', path: '/105/api/organization/fines' });
  });

  it('loads it, and says why when it cannot', async () => {
    fakeApi({ 'GET /105/api/openapi.json': () => ({ status: 500, json: { status: 'error', error: { errorDesc: 'x' } } }) });
    await loadApiReference();
    expect($apiReference.get().view.kind).toBe('failed');
    fakeApi({ 'GET /105/api/openapi.json': () => ({ json: document }) });
    await loadApiReference();
    expect($apiReference.get().view).toMatchObject({ kind: 'ready', version: '0.1.0' });
  });
});
