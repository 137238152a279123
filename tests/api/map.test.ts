import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceCameras } from '../../server/map/cameraStore.ts';
import { createCameraIndex } from '../../server/map/cameraIndex.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import { createTestApi } from './helpers/testApi.ts';
import type { Session, TestApi } from './helpers/testApi.ts';

// Issue 13: the cameras service (box query with server clusters, init, the user's fines) and the geocoder.

let api: TestApi;
let user: Session;
beforeAll(async () => {
  api = await createTestApi();
  user = await api.register();
  await api.request('POST', '/105/api/sts', { session: user, form: FIXTURES.stsWithFines });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const RUSSIA = { leftUpLat: '78', leftUpLon: '19', rightDownLat: '41', rightDownLon: '180' };
const MOSCOW_CENTRE = { leftUpLat: '55.78', leftUpLon: '37.57', rightDownLat: '55.73', rightDownLon: '37.67' };
const boxQuery = (box: Record<string, string>, zoom?: number) => `/coordinates/cameras?${new URLSearchParams({ ...box, ...(zoom === undefined ? {} : { zoom: String(zoom) }) })}`;

describe('GET /coordinates/cameras', () => {
  it('answers the whole country in clusters whose counts add up to every camera of the set', async () => {
    const reply = await api.request('GET', boxQuery(RUSSIA, 3));
    expect(reply.status).toBe(200);
    const { cameras, clusters } = reply.body.response as { cameras: unknown[]; clusters: { count: number; expansionZoom: number }[] };
    expect(clusters.length).toBeGreaterThan(10);
    expect(clusters.length + cameras.length).toBeLessThan(400);
    const total = clusters.reduce((sum, c) => sum + c.count, 0) + cameras.length;
    const rows = await api.deps.db.selectFrom('cameras').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(total).toBe(Number(rows.n));
    expect(Number(rows.n)).toBeGreaterThanOrEqual(20_000);
    expect(clusters.every((c) => c.expansionZoom > 3)).toBe(true);
  });

  it('answers single cameras, with their kind, direction, limit and address, at street zoom', async () => {
    const reply = await api.request('GET', boxQuery(MOSCOW_CENTRE, 16));
    const { cameras, clusters } = reply.body.response as { cameras: { lat: number; lon: number; type: string; address: string; direction: number | null; speedLimit: number | null }[]; clusters: unknown[] };
    expect(clusters).toEqual([]);
    expect(cameras.length).toBeGreaterThan(20);
    for (const camera of cameras) {
      expect(camera.lat).toBeGreaterThanOrEqual(55.73);
      expect(camera.lat).toBeLessThanOrEqual(55.78);
      expect(camera.lon).toBeGreaterThanOrEqual(37.57);
      expect(camera.lon).toBeLessThanOrEqual(37.67);
      expect(['speed', 'redlight', 'lane', 'parking', 'avgspeed']).toContain(camera.type);
      expect(camera.address).toMatch(/^(г\. Москва, |Садовое кольцо|Третье транспортное кольцо)/);
    }
    expect(cameras.some((c) => c.type === 'speed' && c.speedLimit !== null && c.direction !== null)).toBe(true);
  });

  it('groups more at a lower zoom: city zoom has clusters where street zoom had none', async () => {
    const city = (await api.request('GET', boxQuery(MOSCOW_CENTRE, 11))).body.response as { cameras: unknown[]; clusters: unknown[] };
    const street = (await api.request('GET', boxQuery(MOSCOW_CENTRE, 16))).body.response as { cameras: unknown[]; clusters: unknown[] };
    expect(city.clusters.length).toBeGreaterThan(0);
    expect(city.cameras.length + city.clusters.length).toBeLessThan(street.cameras.length);
  });

  it('takes the zoom from the box when none is given, and lets caches keep the answer', async () => {
    const reply = await api.request('GET', boxQuery(RUSSIA));
    expect(reply.status).toBe(200);
    expect(reply.body.response.zoom).toBeLessThanOrEqual(3);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it.each([
    [{ ...RUSSIA, leftUpLat: '40', rightDownLat: '50' }, 'Область перевёрнута: верхний левый угол южнее нижнего правого'],
    [{ ...RUSSIA, leftUpLon: '60', rightDownLon: '50' }, 'Область перевёрнута: верхний левый угол восточнее нижнего правого'],
    [{ ...RUSSIA, leftUpLat: '91' }, 'Широта верхнего левого угла (leftUpLat) должна быть от −90 до 90'],
    [{ ...RUSSIA, rightDownLon: '180.5' }, 'Долгота нижнего правого угла (rightDownLon) должна быть от −180 до 180'],
    [{ ...RUSSIA, leftUpLon: '-200', rightDownLon: '200' }, 'Долгота верхнего левого угла (leftUpLon) должна быть от −180 до 180'],
    [{ ...RUSSIA, leftUpLat: 'север' }, 'Широта верхнего левого угла (leftUpLat) должна быть числом'],
    [{ leftUpLat: '56', leftUpLon: '37', rightDownLat: '55' }, 'Долгота нижнего правого угла (rightDownLon) не указана'],
  ])('refuses a bad box with a Russian message (%o)', async (box, message) => {
    const reply = await api.request('GET', boxQuery(box as Record<string, string>));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 'error', error: { errorDesc: message } });
  });

  it('refuses a zoom outside 0–22', async () => {
    const reply = await api.request('GET', boxQuery(MOSCOW_CENTRE, 23));
    expect(reply.status).toBe(400);
    expect(reply.body.error?.errorDesc).toBe('Масштаб (zoom) должен быть числом от 0 до 22');
  });

  it('rebuilds the index when the camera set is replaced (another process sees the new revision)', async () => {
    const other = createCameraIndex(api.deps.db, () => Date.now() + 60_000);
    const before = await other.query({ north: 10.1, west: 10, south: 9.9, east: 10.1 }, 16);
    expect(before.cameras).toEqual([]);
    const saved = await api.deps.db.selectFrom('cameras').selectAll().execute();
    await replaceCameras(api.deps.db, [{ id: 1, lat: 10, lon: 10.05, type: 'speed', direction: 90, speedLimit: 60, address: 'Тестовая улица', region: '77' }]);
    const index = createCameraIndex(api.deps.db);
    expect((await index.query({ north: 10.1, west: 10, south: 9.9, east: 10.1 }, 16)).cameras).toHaveLength(1);
    // Put the set back for the other tests.
    await replaceCameras(api.deps.db, saved.map((r) => ({ id: r.id, lat: r.lat, lon: r.lon, type: r.type as 'speed', direction: r.direction, speedLimit: r.speed_limit, address: r.address, region: r.region })));
  });
});

describe('GET /coordinates/init', () => {
  it('starts anonymous visitors in Moscow, with the camera kinds and no tiles by default', async () => {
    const reply = await api.request('GET', '/coordinates/init');
    expect(reply.body.response).toMatchObject({ centre: { lat: 55.7558, lon: 37.6173 }, region: { code: '77', name: 'Москва' }, tilesUrl: null });
    expect(reply.body.response.types).toContainEqual({ type: 'avgspeed', label: 'Средняя скорость на участке' });
  });

  it('starts in the region asked for, and refuses a code that is not two digits', async () => {
    expect((await api.request('GET', '/coordinates/init?region=54')).body.response.region).toEqual({ code: '54', name: 'Новосибирская область' });
    const bad = await api.request('GET', '/coordinates/init?region=7');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.errorDesc).toBe('Регион — код субъекта из двух цифр, например 77');
  });

  it('starts a signed-in user where their newest fine is', async () => {
    const reply = await api.request('GET', '/coordinates/init', { session: user });
    const { ordinances } = (await api.request('GET', '/coordinates/ordinances', { session: user })).body.response as { ordinances: { lat: number; date: string }[] };
    const newest = [...ordinances].sort((a, b) => b.date.localeCompare(a.date))[0];
    expect(newest).toBeDefined();
    expect(Math.abs(reply.body.response.centre.lat - (newest?.lat ?? 0))).toBeLessThan(1);
  });

  it('gives the tiles address when one is set', async () => {
    const tiled = await createTestApi({ mapTilesUrl: 'https://tiles.example.ru/{z}/{x}/{y}.png' });
    try {
      expect((await tiled.request('GET', '/coordinates/init')).body.response.tilesUrl).toBe('https://tiles.example.ru/{z}/{x}/{y}.png');
    } finally {
      await tiled.close();
    }
  });
});

describe('GET /coordinates/ordinances', () => {
  it('lists the user’s fines with their places, and nobody else’s', async () => {
    const reply = await api.request('GET', '/coordinates/ordinances', { session: user });
    const { ordinances } = reply.body.response as { ordinances: { id: number; lat: number; lon: number; title: string }[] };
    expect(ordinances).toHaveLength(FIXTURES.stsWithFinesUins.length);
    for (const fine of ordinances) {
      expect(Math.abs(fine.lat)).toBeGreaterThan(0);
      expect(fine.title).not.toBe('');
      const own = await api.request('GET', `/105/api/fine?fine=${fine.id}`, { session: user });
      expect(own.status).toBe(200);
    }
    const stranger = await api.register();
    expect((await api.request('GET', '/coordinates/ordinances', { session: stranger })).body.response.ordinances).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await api.request('GET', '/coordinates/ordinances')).status).toBe(401);
  });
});

type Member = { GeoObject: { name: string; description: string; metaDataProperty: { GeocoderMetaData: { kind: string; text: string } }; Point: { pos: string } } };
const geocode = async (text: string, extra = '') => {
  const reply = await api.request('GET', `/geocoder/1.x/?geocode=${encodeURIComponent(text)}&format=json${extra}`);
  return { reply, members: (reply.body as unknown as { response: { GeoObjectCollection: { featureMember: Member[] } } }).response?.GeoObjectCollection.featureMember ?? [] };
};

describe('GET /geocoder/1.x/', () => {
  it('finds a city, in the geocoder’s shape, with the point as "lon lat"', async () => {
    const { reply, members } = await geocode('Казань');
    expect(reply.status).toBe(200);
    const body = reply.body as unknown as { response: { GeoObjectCollection: { metaDataProperty: { GeocoderResponseMetaData: { request: string; found: string } } } } };
    expect(body.response.GeoObjectCollection.metaDataProperty.GeocoderResponseMetaData.request).toBe('Казань');
    expect(members[0]?.GeoObject).toMatchObject({ name: 'Казань', metaDataProperty: { GeocoderMetaData: { kind: 'locality', text: 'Россия, Республика Татарстан, Казань' } } });
    const [lon, lat] = (members[0]?.GeoObject.Point.pos ?? '').split(' ').map(Number);
    expect(lat).toBeCloseTo(55.796, 2);
    expect(lon).toBeCloseTo(49.109, 2);
  });

  it('finds a street of a city (ё or е, any case), and a house a camera stands at', async () => {
    const { members } = await geocode('москва кутузовский проспект');
    expect(members[0]?.GeoObject).toMatchObject({ name: 'Кутузовский проспект', metaDataProperty: { GeocoderMetaData: { kind: 'street' } } });
    const camera = await api.deps.db.selectFrom('cameras').select(['address', 'lat', 'lon']).where('address', 'like', 'г. Москва, Кутузовский проспект, д. %').executeTakeFirstOrThrow();
    const house = camera.address.split('д. ')[1];
    const exact = await geocode(`Москва, Кутузовский проспект, ${house}`);
    expect(exact.members[0]?.GeoObject.metaDataProperty.GeocoderMetaData.kind).toBe('house');
    expect(exact.members[0]?.GeoObject.Point.pos).toBe(`${camera.lon.toFixed(6)} ${camera.lat.toFixed(6)}`);
    expect((await geocode('Орел')).members[0]?.GeoObject.name).toBe('Орёл');
  });

  it('finds a highway and a region', async () => {
    expect((await geocode('М-11')).members[0]?.GeoObject).toMatchObject({ name: 'трасса М-11 «Нева»', metaDataProperty: { GeocoderMetaData: { kind: 'route' } } });
    expect((await geocode('Свердловская область')).members[0]?.GeoObject.metaDataProperty.GeocoderMetaData.kind).toBe('province');
  });

  it('names what is at "lon,lat" (reverse geocoding)', async () => {
    const { members } = await geocode('37.6173,55.7558');
    expect(members.some((m) => m.GeoObject.name === 'Москва')).toBe(true);
  });

  it('answers an empty list for a place it does not know, and keeps to results=', async () => {
    expect((await geocode('Атлантида')).members).toEqual([]);
    expect((await geocode('улица Ленина', '&results=2')).members).toHaveLength(2);
  });

  it.each([
    ['', '', 'Не указан адрес для поиска (geocode)'],
    ['Москва', '&format=xml', 'Поддерживается только format=json'],
    ['я'.repeat(201), '', 'Адрес длиннее 200 знаков'],
    ['Москва', '&results=0', 'results — целое число от 1 до 50'],
  ])('refuses bad requests with a Russian message (%#)', async (text, extra, message) => {
    const reply = await api.request('GET', `/geocoder/1.x/?geocode=${encodeURIComponent(text)}${extra}`);
    expect(reply.status).toBe(400);
    expect(reply.body.error?.errorDesc).toBe(message);
  });

  it('answers 502 when the real geocoder fails, and passes its reply on when it answers', async () => {
    const { createYandexGeocoder } = await import('../../server/providers/geocoder/yandex.ts');
    const seen: string[] = [];
    const real = await createTestApi({
      geocoder: createYandexGeocoder({
        apiKey: 'key-1',
        fetch: async (input) => {
          seen.push(String(input));
          if (String(input).includes('fail')) return new Response('no', { status: 503 });
          return Response.json({ response: { GeoObjectCollection: { metaDataProperty: { GeocoderResponseMetaData: { request: 'Тула', found: '0', results: '10' } }, featureMember: [] } } });
        },
      }),
    });
    try {
      expect((await real.request('GET', '/geocoder/1.x/?geocode=Тула&format=json')).status).toBe(200);
      expect(seen[0]).toContain('apikey=key-1');
      expect(seen[0]).toContain('geocode=%D0%A2%D1%83%D0%BB%D0%B0');
      const failed = await real.request('GET', '/geocoder/1.x/?geocode=fail&format=json');
      expect(failed.status).toBe(502);
      expect(failed.body.error?.errorDesc).toBe('Сервис поиска адресов не ответил. Попробуйте позже');
      real.unexpected.length = 0;
    } finally {
      await real.close();
    }
  });
});
