import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from './helpers/testApi.ts';
import type { TestApi } from './helpers/testApi.ts';
import { FIXTURES } from './helpers/fixtures.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const car = `${FIXTURES.stsWithFines.vehiclePlateNumber}${FIXTURES.stsWithFines.vehiclePlateRegion}`;

describe('a searcher is shown only the document they proved they hold (issue 17 item 7)', () => {
  it('someone who searched by plate alone never sees the car\'s СТС, on the list, the fine or its order', async () => {
    const owner = await api.register();
    await api.request('POST', '/105/api/sts', { session: owner, form: FIXTURES.stsWithFines });
    const ownerStsId = (await api.request('GET', '/105/api/sts', { session: owner })).body.response.sts[0].id;
    await api.request('GET', `/105/api/fineList/by/sts/${ownerStsId}`, { session: owner }); // the car is now stored under its СТС
    const byPlate = await api.register();
    const list = (await api.request('GET', `/105/api/fineList/by/car/${encodeURIComponent(car)}`, { session: byPlate })).body.response;
    expect(list.fines.length).toBeGreaterThan(0);
    const texts = [JSON.stringify(list)];
    for (const fine of list.fines as { id: number }[]) texts.push(JSON.stringify((await api.request('GET', `/105/api/fine?fine=${fine.id}`, { session: byPlate })).body));
    for (const order of list.orders as { id: number }[]) texts.push(JSON.stringify((await api.request('GET', `/105/api/order?id=${order.id}`, { session: byPlate })).body));
    const ids = (list.fines as { id: number }[]).map((f) => f.id).join(',');
    texts.push(JSON.stringify((await api.request('GET', `/105/api/fineList/by/ids?ordinanceIds=${ids}`, { session: byPlate })).body));
    for (const text of texts) expect(text).not.toContain(FIXTURES.stsWithFines.sts);
    const one = (await api.request('GET', `/105/api/fine?fine=${list.fines[0].id}`, { session: byPlate })).body.response.fine;
    expect(one).toMatchObject({ identifier: car, identifierType: 'plate' });
  });

  it('the owner of the СТС still sees it', async () => {
    const owner = await api.register();
    await api.request('POST', '/105/api/sts', { session: owner, form: FIXTURES.stsWithFines });
    const stsId = (await api.request('GET', '/105/api/sts', { session: owner })).body.response.sts[0].id;
    const list = (await api.request('GET', `/105/api/fineList/by/sts/${stsId}`, { session: owner })).body.response;
    const one = (await api.request('GET', `/105/api/fine?fine=${list.fines[0].id}`, { session: owner })).body.response.fine;
    expect(one).toMatchObject({ identifier: FIXTURES.stsWithFines.sts, identifierType: 'sts' });
  });
});
