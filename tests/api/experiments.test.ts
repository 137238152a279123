import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, saveExperiment, urlMatches, variantFor } from '../../server/platform/experiments.ts';
import { createTestApi, TEST_NOW } from './helpers/testApi.ts';
import type { TestApi } from './helpers/testApi.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const flags = async (query: string) => {
  const reply = await api.request('GET', `/v1/exps/?${query}`);
  return { status: reply.status, body: reply.body as unknown };
};
const day = 86_400_000;

describe('GET /v1/exps/ (spec §7 "Experiments")', () => {
  it('answers the default mvar=0 while no experiment runs', async () => {
    expect(await flags('client_id=abc&url=https%3A%2F%2Fshtrafy.example.ru%2F&i=1&client_features=')).toEqual({ status: 200, body: [{ n: 'mvar', v: '0' }] });
  });

  it('answers the variant of each running experiment that matches the page, the same every time', async () => {
    await saveExperiment(api.deps.db, { name: 'payButton', variants: [{ value: 'green', weight: 1 }, { value: 'blue', weight: 1 }], urlPattern: '/fines/*', startsAt: new Date(TEST_NOW.getTime() - day), endsAt: null });
    await saveExperiment(api.deps.db, { name: 'oldTest', variants: [{ value: 'a', weight: 1 }], urlPattern: '*', startsAt: new Date(TEST_NOW.getTime() - 10 * day), endsAt: new Date(TEST_NOW.getTime() - day) });
    await saveExperiment(api.deps.db, { name: 'future', variants: [{ value: 'a', weight: 1 }], urlPattern: '*', startsAt: new Date(TEST_NOW.getTime() + day), endsAt: null });
    api.advance(10_000); // each process reuses the list for 10 s
    const first = await flags('client_id=client-42&url=/fines/123/');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([{ n: 'payButton', v: variantFor('client-42', 'payButton', [{ value: 'green', weight: 1 }, { value: 'blue', weight: 1 }]) }]);
    expect(await flags('client_id=client-42&url=https%3A%2F%2Fx.ru%2Ffines%2F123%2F%3Fa%3D1')).toEqual(first);
    expect((await flags('client_id=client-42&url=/news/')).body).toEqual([{ n: 'mvar', v: '0' }]);
  });

  it.each([
    ['', 'Поле "client_id" обязательно для заполнения'],
    ['client_id=', 'Поле "client_id" обязательно для заполнения'],
    ['client_id=a%20b', 'Поле «client_id» заполнено неверно'],
    [`client_id=${'x'.repeat(65)}`, 'Поле «client_id» заполнено неверно'],
  ])('refuses %s with 400', async (query, message) => {
    const reply = await api.request('GET', `/v1/exps/?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.error?.errorDesc).toBe(message);
  });
});

describe('variant assignment', () => {
  it('splits 100,000 client ids by the weights within 1 %', () => {
    const variants = [{ value: 'a', weight: 50 }, { value: 'b', weight: 30 }, { value: 'c', weight: 20 }];
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 100_000; i++) counts[variantFor(`client-${i}`, 'split', variants) ?? '']! += 1;
    expect(Math.abs(counts['a']! / 100_000 - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(counts['b']! / 100_000 - 0.3)).toBeLessThan(0.01);
    expect(Math.abs(counts['c']! / 100_000 - 0.2)).toBeLessThan(0.01);
  });

  it('is the same for the same client and experiment, and independent between experiments', () => {
    expect(bucketOf('c1', 'x')).toBe(bucketOf('c1', 'x'));
    expect(bucketOf('c1', 'x')).not.toBe(bucketOf('c1', 'y'));
    let same = 0;
    for (let i = 0; i < 10_000; i++) if ((bucketOf(`c${i}`, 'x') < 0.5) === (bucketOf(`c${i}`, 'y') < 0.5)) same += 1;
    expect(Math.abs(same / 10_000 - 0.5)).toBeLessThan(0.02);
  });

  it('gives nothing when every weight is 0, and never a variant of weight 0', () => {
    expect(variantFor('c', 'x', [{ value: 'a', weight: 0 }])).toBeUndefined();
    for (let i = 0; i < 1000; i++) expect(variantFor(`c${i}`, 'x', [{ value: 'off', weight: 0 }, { value: 'on', weight: 1 }])).toBe('on');
  });

  it.each([
    ['*', '/anything/', true],
    ['/fines/*', '/fines/12/', true],
    ['/fines/*', '/news/', false],
    ['/', '/', true],
    ['/', '/fines/', false],
    ['/po-*/', '/po-sts/', true],
  ])('pattern %s on %s → %s', (pattern, path, matches) => {
    expect(urlMatches(pattern, path)).toBe(matches);
  });
});
