import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestApi } from './helpers/testApi.ts';
import { createTestApi } from './helpers/testApi.ts';

let api: TestApi;
let user: Session;
beforeAll(async () => {
  api = await createTestApi({ uinRateLimit: 0 });
  user = await api.register();
});
afterAll(async () => {
  await api.close();
});

/** Any value a client could put in a JSON field. */
const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', '\u0000', '9941123456', 'А123ВС', '77', '0', '-1', '1e309', '../..', '<script>', "' or 1=1 --"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/** Bodies with the real field names and random values. */
const body = (fields: string[]) => fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] });

/** A path segment or query value, possibly hostile. */
const segment = fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom('0', '-1', '99999999999', '1.5', '%00', '%D0', 'А123ВС77', 'XTA210990Y2765432'));

/** Documents the user has, to prove failed writes change nothing. */
async function documents() {
  const lists = await Promise.all(['/105/api/sts', '/105/api/driverLicense', '/105/api/inn'].map((p) => api.request('GET', p, { session: user })));
  return lists.map((l) => l.body.response);
}

/** What every reply must be: an envelope; a failure is a 4xx with a Russian message, never a 500. */
function expectEnvelope(reply: Awaited<ReturnType<TestApi['request']>>) {
  expect(reply.status).toBeLessThan(500);
  expect(['ok', 'error', 'wait']).toContain(reply.body.status);
  if (reply.body.status === 'error') {
    expect(reply.body.error?.errorDesc).toMatch(/[А-Яа-яЁё]/);
    expect(reply.body.error?.errorDesc).not.toContain('«»');
  }
}

describe('random input never reaches the 500 handler', () => {
  it.each([
    ['POST', '/105/api/sts', ['sts', 'vehiclePlateNumber', 'vehiclePlateRegion', 'vehicleModel']],
    ['POST', '/105/api/sts/import', ['stsList']],
    ['POST', '/105/api/driverLicense', ['driverLicense', 'issue_date', 'first_issue_date', 'surname', 'name', 'patronymic']],
    ['POST', '/105/api/inn', ['inn', 'innName', 'surname', 'name', 'patronymic']],
    ['DELETE', '/105/api/sts', ['id']],
    ['DELETE', '/105/api/driverLicense', ['driverLicense', 'id']],
    ['POST', '/105/api/newuser', ['clientId', 'channel', 'sts', 'plate']],
  ])('%s %s with JSON and form bodies', async (method, path, fields) => {
    const before = await documents();
    await fc.assert(
      fc.asyncProperty(body(fields), fc.boolean(), async (input, asForm) => {
        const form = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
        const reply = await api.request(method, path, { session: user, ...(asForm ? { form } : { json: input }) });
        expectEnvelope(reply);
        // Nothing valid can come out of random values, so nothing may have been written.
        if (reply.body.status === 'error' && method !== 'DELETE') expect(await documents()).toEqual(before);
      }),
      { numRuns: 60 },
    );
    expect(api.unexpected).toEqual([]);
  });

  it.each([
    '/105/api/sts/{x}',
    '/105/api/dl/{x}',
    '/105/api/inn/{x}',
    '/105/api/fineList/by/sts/{x}',
    '/105/api/fineList/by/car/{x}',
    '/105/api/fineList/by/ids?ordinanceIds={x}',
    '/105/api/fine?fine={x}',
    '/105/api/order?id={x}',
    '/105/api/photo?fineId={x}',
    '/105/api/photo?hash={x}',
    '/105/api/photo/image/{x}.svg',
    '/105/api/fine/info/{x}',
    '/105/api/fine/uinInfo?uin={x}',
    '/105/api/tax/uinInfo?uin={x}',
  ])('GET/PUT %s with random segments', async (template) => {
    await fc.assert(
      fc.asyncProperty(segment, async (value) => {
        const path = template.replace('{x}', encodeURIComponent(value));
        const method = /\/(sts|dl|inn)\/\{x\}$/.test(template) ? 'PUT' : 'GET';
        const reply = await api.request(method, path, { session: user, ...(method === 'PUT' ? { form: {} } : {}) });
        if (reply.body.status === 'raw') expect(reply.status).toBe(200);
        else expectEnvelope(reply);
      }),
      { numRuns: 40 },
    );
    expect(api.unexpected).toEqual([]);
  });
});
