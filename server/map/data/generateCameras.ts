/**
 * Generates the repository's camera set (server/map/data/cameras.csv.gz) from the cities and
 * highways in cities.ts: cameras along each city's main roads and rings and along the federal
 * highways between the cities. Deterministic: the same file on every run.
 * Run: node server/map/data/generateCameras.ts
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { CameraType } from '../../../src/lib/map/cameraTypes.ts';
import { seededRandom } from '../../providers/fines/prng.ts';
import type { Random } from '../../providers/fines/prng.ts';
import { CAMERA_CSV_HEADER, cameraToCsv } from '../cameraCsv.ts';
import type { CameraRecord } from '../cameraCsv.ts';
import { bearingDegrees, destination, distanceKm } from '../geo.ts';
import type { LatLon } from '../geo.ts';
import { HIGHWAYS, MAP_CITIES } from './cities.ts';
import type { MapCity } from './cities.ts';

/** How many cameras stand in cities and on highways. */
const CITY_CAMERAS = 21_000;
const HIGHWAY_CAMERAS = 4_500;

/** Where the generated file goes. */
export const CAMERA_DATA_FILE = fileURLToPath(new URL('./cameras.csv.gz', import.meta.url));

type Draft = Omit<CameraRecord, 'id'>;

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Moves a point sideways by up to `metres`, so cameras of one road do not sit on one line. */
function jitter(random: Random, point: LatLon, metres: number): LatLon {
  return destination(point, random.int(0, 359), (random.next() * metres) / 1000);
}

/** One camera on a city's artery or ring. */
function cityCamera(random: Random, city: MapCity): Draft {
  const rings = city.rings ?? [];
  if (rings.length > 0 && random.next() < 0.3) {
    const [name, radius, from, to, speed] = random.pick(rings);
    const span = (to - from + 360) % 360 || 360;
    const along = from + random.next() * span;
    const point = jitter(random, destination(city.centre, along, radius), 25);
    const km = Math.max(1, Math.round((((along - from + 360) % 360) * Math.PI * radius) / 180));
    const outer = random.next() < 0.5;
    const type = random.weighted<CameraType>([['speed', 6], ['avgspeed', 2], ['lane', 1]]);
    return {
      lat: round6(point[0]), lon: round6(point[1]), type,
      direction: Math.round(along + (outer ? 90 : 270)) % 360,
      speedLimit: type === 'lane' ? null : speed,
      address: `${name}, ${km} км, ${outer ? 'внешняя' : 'внутренняя'} сторона`, region: city.regionCode,
    };
  }
  const [street, bearing, length] = random.weighted(city.arteries.map((a) => [a, a[2]] as const));
  const km = 0.2 + random.next() * (length - 0.2);
  const point = jitter(random, destination(city.centre, bearing, km), 30);
  const type = random.weighted<CameraType>([['speed', 9], ['redlight', 4], ['lane', 2], ['parking', km < 4 ? 4 : 1], ['avgspeed', km > 6 ? 2 : 0]]);
  const speedLimit = type === 'parking' || type === 'lane' ? null : km > 8 && length > 12 ? 80 : 60;
  const house = Math.max(1, Math.round((km * 1000) / 40) + random.int(-3, 3));
  const inbound = random.next() < 0.5;
  return {
    lat: round6(point[0]), lon: round6(point[1]), type,
    direction: (bearing + (inbound ? 180 : 0)) % 360,
    speedLimit, address: `${city.prefix}, ${street}, д. ${house}`, region: city.regionCode,
  };
}

/** One camera on a highway, `km` from its start, between cities `a` and `b`. */
function highwayCamera(random: Random, name: string, a: MapCity, b: MapCity, share: number, kmFromStart: number): Draft {
  const point = jitter(random, [a.centre[0] + (b.centre[0] - a.centre[0]) * share, a.centre[1] + (b.centre[1] - a.centre[1]) * share], 60);
  const type = random.weighted<CameraType>([['speed', 6], ['avgspeed', 3], ['lane', 1]]);
  const limit = name.includes('М-11') ? 110 : 90;
  const forward = random.next() < 0.5;
  const heading = bearingDegrees(a.centre, b.centre);
  return {
    lat: round6(point[0]), lon: round6(point[1]), type,
    direction: (heading + (forward ? 0 : 180)) % 360,
    speedLimit: type === 'lane' ? null : random.next() < 0.2 ? 70 : limit,
    address: `${name}, ${Math.round(kmFromStart)} км`, region: (share < 0.5 ? a : b).regionCode,
  };
}

/** Cameras along the highways, spread by length; the first and last 15 km of each leg are the cities'. */
function highwayCameras(random: Random, scale: number): Draft[] {
  const byName = new Map(MAP_CITIES.map((city) => [city.name, city]));
  const legs = HIGHWAYS.flatMap((highway) => {
    let start = 0;
    return highway.through.slice(1).map((to, i) => {
      const a = byName.get(highway.through[i] ?? '');
      const b = byName.get(to);
      if (a === undefined || b === undefined) throw new Error(`${highway.name}: нет города ${to}`);
      const length = distanceKm(a.centre, b.centre);
      const leg = { name: highway.name, a, b, length, start };
      start += length;
      return leg;
    });
  });
  const total = legs.reduce((sum, leg) => sum + leg.length, 0);
  return legs.flatMap((leg) => {
    const count = Math.round((HIGHWAY_CAMERAS * scale * leg.length) / total);
    return Array.from({ length: count }, () => {
      const km = 15 + random.next() * Math.max(1, leg.length - 30);
      return highwayCamera(random, leg.name, leg.a, leg.b, km / leg.length, leg.start + km);
    });
  });
}

/** The whole set, numbered from 1; `scale` multiplies every count (the map benchmark loads 4× the set). */
export function generateCameraSet(scale = 1): CameraRecord[] {
  const random = seededRandom('cameras-2026');
  const weights = MAP_CITIES.reduce((sum, city) => sum + city.weight, 0);
  const drafts = MAP_CITIES.flatMap((city) =>
    Array.from({ length: Math.round((CITY_CAMERAS * scale * city.weight) / weights) }, () => cityCamera(random, city)),
  );
  drafts.push(...highwayCameras(random, scale));
  return drafts.map((draft, i) => ({ id: i + 1, ...draft }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cameras = generateCameraSet();
  const csv = `${CAMERA_CSV_HEADER}\n${cameras.map(cameraToCsv).join('\n')}\n`;
  writeFileSync(CAMERA_DATA_FILE, gzipSync(csv, { level: 9 }));
  console.log(`${cameras.length} камер → ${CAMERA_DATA_FILE}`);
}
