import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { Session, TestApi } from '../api/helpers/testApi.ts';

// A form sends a structured field (the СТС list, a lead's utm marks) as its JSON text. The fuzz suite
// found that such a text carrying a `toString` or `valueOf` key reached the struct's message builder,
// which threw "Cannot convert object to primitive value": a 500. The keys that shadow Object's methods
// are dropped while parsing, as they are from a JSON body, and the request gets a Russian 422.

let api: TestApi;
let user: Session;
beforeAll(async () => {
  api = await createTestApi({ trackingRateLimit: 0 });
  user = await api.register();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const HOSTILE = ['{"toString":""}', '{"valueOf":1}', '[{"toString":"x","sts":"9941000001"}]', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{}}}'];

describe('a structured form field with keys that shadow Object methods', () => {
  it.each(HOSTILE)('POST /105/api/sts/import with stsList=%s is a 422 in Russian and stores nothing', async (text) => {
    const reply = await api.request('POST', '/105/api/sts/import', { session: user, form: { stsList: text } });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toMatch(/[А-Яа-яЁё]/);
    const list = await api.request('GET', '/105/api/sts', { session: user });
    expect(list.body.response.sts).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each(HOSTILE.slice(0, 2))('POST /105/api/crm/lead with utms=%s is taken without the key, as from a JSON body', async (text) => {
    const reply = await api.request('POST', '/105/api/crm/lead', {
      form: { name: 'Иван', phone: '+7 916 123-45-67', email: 'ivan@example.ru', inn: '7707083893', tag: 'legal-entities', utms: text },
    });
    expect(reply.status).toBe(200);
    const asJson = await api.request('POST', '/105/api/crm/lead', {
      json: { name: 'Иван', phone: '+7 916 123-45-67', email: 'ivan@example.ru', inn: '7707083893', tag: 'legal-entities', utms: JSON.parse(text) as unknown },
    });
    expect(asJson.status).toBe(200);
  });

  it('a valid list sent as form JSON still imports', async () => {
    const stsList = JSON.stringify([{ sts: '9941000001', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }]);
    const reply = await api.request('POST', '/105/api/sts/import', { session: user, form: { stsList } });
    expect(reply.status).toBe(200);
    expect(reply.body.response.added).toBe(1);
  });
});
