import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxAround } from '../../src/lib/map/mercator.ts';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { createMailTestApi, signUp } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { Reply, Session, TestApi } from '../api/helpers/testApi.ts';

// Issue 23, availability: calls that anyone can make cheaply but that cost us a lot to answer (a
// megabyte of cameras) or cost money (a paid company lookup) are bounded per answer and per caller.

/** The envelope of a refused call over a limit. */
const TOO_MANY = { status: 'error', error: { errorDesc: expect.stringMatching(/^Слишком много запросов\. Повторите через \d+ с$/) } };

describe('the camera box query (GET /coordinates/cameras)', () => {
  /** The most items (cameras + clusters) and bytes one answer may hold, whatever box and zoom are asked. */
  const MAX_ITEMS = 1_000;
  const MAX_BYTES = 200_000;
  const LIMIT = 120;
  let api: TestApi;
  let totalCameras = 0;
  beforeAll(async () => {
    api = await createTestApi({ mapRateLimit: LIMIT, trustProxy: true });
    const rows = await api.deps.db.selectFrom('cameras').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    totalCameras = Number(rows.n);
  });
  afterAll(async () => {
    expect(api.unexpected).toEqual([]);
    await api.close();
  });

  type Box = { north: number; west: number; south: number; east: number };
  type Answer = { cameras: { id: number }[]; clusters: { count: number; expansionZoom: number }[]; zoom: number };
  let addressSerial = 0;
  /** Asks for a box at a zoom, each call from an address of its own unless one is given. */
  const ask = (box: Box, zoom: number, address = `198.51.100.${++addressSerial % 250}`): Promise<Reply> => {
    const query = new URLSearchParams({ leftUpLat: String(box.north), leftUpLon: String(box.west), rightDownLat: String(box.south), rightDownLon: String(box.east), zoom: String(zoom) });
    return api.request('GET', `/coordinates/cameras?${query}`, { headers: { 'X-Forwarded-For': address } });
  };

  it.each([
    ['the whole world at street zoom', { north: 90, west: -180, south: -90, east: 180 }, 18],
    ['the whole world at the largest zoom', { north: 90, west: -180, south: -90, east: 180 }, 22],
    ['Russia at street zoom', { north: 78, west: 19, south: 41, east: 180 }, 17],
    ['a strip half a degree wide from pole to pole through Moscow', { north: 89, west: 37.35, south: -89, east: 37.85 }, 18],
    ['the Moscow region at street zoom', { north: 56.5, west: 36.5, south: 55, east: 38.8 }, 16],
  ])('%s answers at most 1000 items and 200 KB, every camera counted in a cluster or on its own', async (_case, box, zoom) => {
    const reply = await ask(box, zoom);
    expect(reply.status).toBe(200);
    const answer = reply.body.response as Answer;
    expect(answer.cameras.length + answer.clusters.length).toBeLessThanOrEqual(MAX_ITEMS);
    expect(Buffer.byteLength(JSON.stringify(reply.body))).toBeLessThanOrEqual(MAX_BYTES);
    if (box.west === -180) expect(answer.clusters.reduce((sum, c) => sum + c.count, 0) + answer.cameras.length).toBe(totalCameras);
  });

  it.each([
    ['a phone (390×800) at zoom 17', 390, 800, 17],
    ['a laptop (1280×800) at zoom 16', 1280, 800, 16],
    ['a wide monitor (3840×2160) at zoom 16', 3840, 2160, 16],
    ['the fine page’s small map (its 480×220 view at 16, asked at 17)', 480, 220, 16],
  ])('a street-level view of central Moscow still gets single cameras: %s', async (_case, width, height, zoom) => {
    const box = boxAround(55.7558, 37.6173, zoom, width, height);
    const reply = await ask(box, zoom === 16 && width === 480 ? 17 : zoom);
    const answer = reply.body.response as Answer;
    expect(reply.status).toBe(200);
    expect(answer.clusters).toEqual([]);
    expect(answer.cameras.length).toBeGreaterThan(0);
  });

  it(`answers ${LIMIT} box queries a minute per address, then 429 with the error envelope; another address has its own`, async () => {
    const street = boxAround(55.7558, 37.6173, 17, 390, 800);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await ask(street, 17, '203.0.113.40')).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const over = await ask(street, 17, '203.0.113.40');
    expect(over.status).toBe(429);
    expect(over.body).toEqual(TOO_MANY);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ask(street, 17, '203.0.113.41')).status).toBe(200);
    // A person who keeps panning gets two views a second back.
    api.advance(1_000);
    expect((await ask(street, 17, '203.0.113.40')).status).toBe(200);
  });
});

describe('the company lookup by ИНН (GET /105/api/company)', () => {
  const LIMIT = 3;
  const INN = withInnCheckDigits('770708389');
  let api: MailTestApi;
  let account: Session;
  beforeAll(async () => {
    api = await createMailTestApi({ companyLookupLimit: LIMIT, trustProxy: true });
    account = await signUp(api, 'company-lookup@example.ru', { isLegalEntity: '1' });
  });
  afterAll(async () => {
    expect(api.unexpected).toEqual([]);
    await api.close();
  });

  const lookup = (session: Session | undefined, address: string) =>
    api.request('GET', `/105/api/company?inn=${INN}`, { ...(session === undefined ? {} : { session }), headers: { 'X-Forwarded-For': address } });

  it('refuses anonymous callers (401) and devices without an e-mail account (403)', async () => {
    const anonymous = await lookup(undefined, '203.0.113.50');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: 'error', error: { errorDesc: 'Требуется авторизация' } });
    const device = await lookup(await api.register(), '203.0.113.50');
    expect(device.status).toBe(403);
    expect(device.body.status).toBe('error');
  });

  it(`answers a signed-in account ${LIMIT} times an hour, then 429; an hour later again`, async () => {
    for (let i = 0; i < LIMIT; i++) {
      const reply = await lookup(account, '203.0.113.51');
      expect(reply.status).toBe(200);
      expect(reply.body.response).toMatchObject({ inn: INN, type: 'legal' });
    }
    // Another address does not help the same account.
    const over = await lookup(account, '203.0.113.52');
    expect(over.status).toBe(429);
    expect(over.body).toEqual(TOO_MANY);
    api.advance(60 * 60_000);
    expect((await lookup(account, '203.0.113.52')).status).toBe(200);
  });

  it('limits an address to four accounts’ worth an hour, so new accounts from one place do not multiply it', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      const other = await signUp(api, `company-lookup-${n}@example.ru`, { isLegalEntity: '1' });
      for (let i = 0; i < LIMIT; i++) statuses.push((await lookup(other, '203.0.113.60')).status);
    }
    expect(statuses.slice(0, 4 * LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(4 * LIMIT)).toEqual([429, 429, 429]);
  });
});
