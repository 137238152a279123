import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from './helpers/fixtures.ts';
import type { Session, TestApi } from './helpers/testApi.ts';
import { createTestApi } from './helpers/testApi.ts';

let api: TestApi;
let owner: Session;
let stranger: Session;
/** The owner's ids of every kind. */
const ids = { sts: 0, dl: 0, inn: 0, fine: 0, cameraFine: 0, order: 0, carFine: 0 };
/** The owner's data as it was before the stranger tried anything. */
let ownerBefore: unknown[];

/** Everything the owner can see, to prove the stranger changed nothing. */
async function ownerData(): Promise<unknown[]> {
  return Promise.all(
    ['/105/api/sts', '/105/api/driverLicense', '/105/api/inn', `/105/api/fineList/by/sts/${ids.sts}`].map(
      async (path) => (await api.request('GET', path, { session: owner })).body,
    ),
  );
}

beforeAll(async () => {
  api = await createTestApi();
  owner = await api.register();
  stranger = await api.register();
  ids.sts = (await api.request('POST', '/105/api/sts', { session: owner, form: FIXTURES.stsWithFines })).body.response.item.id;
  ids.dl = (await api.request('POST', '/105/api/driverLicense', { session: owner, form: { driverLicense: FIXTURES.licence } })).body.response.item.id;
  ids.inn = (await api.request('POST', '/105/api/inn', { session: owner, form: { inn: FIXTURES.inn } })).body.response.item.id;
  const byDl = (await api.request('GET', `/105/api/fineList/by/dl/${ids.dl}`, { session: owner })).body.response;
  ids.fine = byDl.fines[0].id;
  ids.order = byDl.orders[0].id;
  ids.cameraFine = (await api.request('GET', `/105/api/fineList/by/sts/${ids.sts}`, { session: owner })).body.response.fines[0].id;
  ids.carFine = (await api.request('GET', `/105/api/fineList/by/car/${FIXTURES.vin}`, { session: owner })).body.response.fines[0].id;
  ownerBefore = await ownerData();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** Every endpoint that takes an id of something a user owns, with the owner's id and a non-existent one. */
const MATRIX: [string, string, (id: typeof ids) => string, Record<string, string> | undefined][] = [
  ['PUT', 'sts/{id}', (i) => `/105/api/sts/${i.sts}`, { sts: '9941000001', vehiclePlateNumber: 'В001ВВ', vehiclePlateRegion: '77' }],
  ['DELETE', 'sts?id=', (i) => `/105/api/sts?id=${i.sts}`, undefined],
  ['PUT', 'dl/{id}', (i) => `/105/api/dl/${i.dl}`, { driverLicense: '9900000001' }],
  ['DELETE', 'driverLicense?id=', (i) => `/105/api/driverLicense?id=${i.dl}`, undefined],
  ['DELETE', 'driverLicense?driverLicense=', () => `/105/api/driverLicense?driverLicense=${FIXTURES.licence}`, undefined],
  ['PUT', 'inn/{id}', (i) => `/105/api/inn/${i.inn}`, { inn: '7707083893' }],
  ['DELETE', 'inn/{id}', (i) => `/105/api/inn/${i.inn}`, undefined],
  ['GET', 'fineList/by/sts/{id}', (i) => `/105/api/fineList/by/sts/${i.sts}`, undefined],
  ['GET', 'fineList/by/dl/{id}', (i) => `/105/api/fineList/by/dl/${i.dl}`, undefined],
  ['GET', 'fineList/by/inn/{id}', (i) => `/105/api/fineList/by/inn/${i.inn}`, undefined],
  ['GET', 'fineList/by/ids', (i) => `/105/api/fineList/by/ids?ordinanceIds=${i.fine}`, undefined],
  ['GET', 'fineList/by/ids (car search)', (i) => `/105/api/fineList/by/ids?ordinanceIds=${i.carFine}`, undefined],
  ['GET', 'fine?fine=', (i) => `/105/api/fine?fine=${i.fine}`, undefined],
  ['GET', 'order?id=', (i) => `/105/api/order?id=${i.order}`, undefined],
  ['GET', 'photo?fineId=', (i) => `/105/api/photo?fineId=${i.cameraFine}`, undefined],
];

/** Ids that exist for nobody. */
const NOBODY = { sts: 2147483000, dl: 2147483000, inn: 2147483000, fine: 2147483000, cameraFine: 2147483000, order: 2147483000, carFine: 2147483000 };

describe('ownership: another user gets 404 for the owner ids, the same 404 as for ids that do not exist', () => {
  it.each(MATRIX)('%s %s', async (method, _name, path, form) => {
    const options = form === undefined ? {} : { form };
    const owned = await api.request(method, path(ids), { session: stranger, ...options });
    const missing = await api.request(method, path(NOBODY), { session: stranger, ...options });
    expect(owned.status).toBe(404);
    expect(owned.body).toEqual({ status: 'error', error: { errorDesc: 'Не найдено' } });
    if (!path(NOBODY).includes('driverLicense=')) expect(missing.body).toEqual(owned.body);
    // The owner still gets them (reads only: writes would change the owner's data).
    if (method === 'GET') expect((await api.request(method, path(ids), { session: owner })).status).toBe(200);
  });

  it('and changed nothing of the owner', async () => {
    expect(await ownerData()).toEqual(ownerBefore);
  });

  it('a stranger sees nothing of the owner in their own lists', async () => {
    for (const path of ['/105/api/sts', '/105/api/driverLicense', '/105/api/inn']) {
      const reply = await api.request('GET', path, { session: stranger });
      expect(Object.values(reply.body.response)).toEqual([[]]);
    }
  });

  it('a stranger who searches the same car themselves may then read its fines', async () => {
    await api.request('GET', `/105/api/fineList/by/car/${FIXTURES.vin}`, { session: stranger });
    expect((await api.request('GET', `/105/api/fine?fine=${ids.carFine}`, { session: stranger })).status).toBe(200);
  });
});
