import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { waitableEnvelope } from '../../src/api/structs/envelope.ts';
import { PhotoReply } from '../../src/api/structs/photo.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import type { Session, TestApi } from './helpers/testApi.ts';
import { createTestApi } from './helpers/testApi.ts';

let api: TestApi;
let user: Session;
let cameraFines: { id: number; shareHash: string; hasPhoto: boolean }[];
let inspectorFine: { id: number; hasPhoto: boolean };
beforeAll(async () => {
  api = await createTestApi({ photoDelayMs: 2000 });
  user = await api.register();
  const sts = (await api.request('POST', '/105/api/sts', { session: user, form: FIXTURES.stsWithFines })).body.response.item;
  cameraFines = (await api.request('GET', `/105/api/fineList/by/sts/${sts.id}`, { session: user })).body.response.fines;
  const dl = (await api.request('POST', '/105/api/driverLicense', { session: user, form: { driverLicense: FIXTURES.licence } })).body.response.item;
  [inspectorFine] = (await api.request('GET', `/105/api/fineList/by/dl/${dl.id}`, { session: user })).body.response.fines;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** GET /photo for a fine, checked against the published struct. */
async function photo(query: string, session: Session | null = user) {
  const reply = await api.request('GET', `/105/api/photo?${query}`, session === null ? {} : { session });
  expect(is(reply.body, waitableEnvelope(PhotoReply))).toBe(true);
  return reply;
}

describe('GET /105/api/photo', () => {
  it('answers wait with the seconds left while the photo is fetched, then ok with two photos', async () => {
    const fine = cameraFines[0];
    if (fine === undefined) throw new Error('no fixture fine');
    const first = await photo(`fineId=${fine.id}`);
    expect([first.status, first.body]).toEqual([202, { status: 'wait', response: { timeout: 2 } }]);
    api.advance(1200);
    const second = await photo(`fineId=${fine.id}`);
    expect(second.body).toEqual({ status: 'wait', response: { timeout: 1 } });
    api.advance(800);
    const ready = await photo(`fineId=${fine.id}`);
    expect(ready.status).toBe(200);
    expect(ready.body.response.photos).toEqual([
      { url: expect.stringMatching(/^\/105\/api\/photo\/image\/[A-Za-z0-9_-]{22}\.svg$/), width: 1280, height: 720, title: 'Общий план' },
      { url: expect.stringMatching(/^\/105\/api\/photo\/image\/[A-Za-z0-9_-]{22}\.svg$/), width: 1280, height: 720, title: 'Госномер крупным планом' },
    ]);
  });

  it('serves each photo as a self-contained SVG with a restrictive CSP', async () => {
    const fine = cameraFines[0];
    if (fine === undefined) throw new Error('no fixture fine');
    const { photos } = (await photo(`fineId=${fine.id}`)).body.response;
    for (const { url } of photos) {
      const response = await api.app.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const svg = await response.text();
      expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg /);
      expect(svg).toContain('А 123 ВС');
      expect(svg).toContain('Кутузовский проспект');
      expect(svg).toContain('Скорость 84 км/ч');
      expect(svg).not.toMatch(/<script|href=|xlink/i);
    }
  });

  it('is anonymous by share hash (the public fine page)', async () => {
    const fine = cameraFines[1];
    if (fine === undefined) throw new Error('no fixture fine');
    expect((await photo(`hash=${fine.shareHash}`, null)).body.status).toBe('wait');
    api.advance(2000);
    const ready = await photo(`hash=${fine.shareHash}`, null);
    expect(ready.body.response.photos).toHaveLength(2);
  });

  it('answers error for an inspector ruling, which has no photo', async () => {
    expect(inspectorFine.hasPhoto).toBe(false);
    const reply = await photo(`fineId=${inspectorFine.id}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ status: 'error', error: { errorDesc: 'Фотография нарушения отсутствует' } });
  });

  it.each([
    ['fineId=abc', 400],
    ['', 400],
    ['fineId=2147483647', 404],
    ['hash=AAAAAAAAAAAAAAAAAAAAAA', 404],
    ['hash=bad', 400],
  ])('?%s → %i', async (query, status) => {
    const reply = await photo(query);
    expect(reply.status).toBe(status);
    expect(reply.body.error?.errorDesc).toMatch(/[А-Яа-я]/);
  });

  it('needs a session for fineId', async () => {
    expect((await photo(`fineId=${cameraFines[0]?.id}`, null)).status).toBe(401);
  });

  it('serves no image for an unknown token, a malformed one, or before the photo is fetched', async () => {
    for (const path of ['/105/api/photo/image/AAAAAAAAAAAAAAAAAAAAAA.svg', '/105/api/photo/image/x.svg', '/105/api/photo/image/..%2F..%2Fetc.svg']) {
      expect((await api.app.request(path)).status).toBe(404);
    }
    const fine = cameraFines[2];
    if (fine === undefined) throw new Error('no fixture fine');
    const tokens = await api.database.db.selectFrom('photos').select('token').where('fine_id', '=', fine.id).execute();
    expect(tokens).toHaveLength(2);
    expect((await api.app.request(`/105/api/photo/image/${tokens[0]?.token}.svg`)).status).toBe(404);
  });
});
