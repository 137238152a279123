import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_DIR, roadsAsset, unwrap } from '../../../server/map/data/generateBackground.ts';
import { MAP_CITIES } from '../../../server/map/data/cities.ts';
import { decodeShape } from '../../../src/lib/map/background/codec.ts';
import { labelZooms } from '../../../src/lib/map/background/labels.ts';
import type { Point } from '../../../src/lib/map/background/simplify.ts';
import type { LandAsset, RoadsAsset } from '../../../src/lib/map/background/types.ts';

// Issue 24, item 14: the committed background files (src/islands/map/data/, npm run map:background).

const read = (name: string) => readFileSync(`${BACKGROUND_DIR}${name}`);
const json = <T>(name: string) => JSON.parse(read(name).toString('utf8')) as T;

/** Whether a point lies inside an odd number of rings (how the canvas fills them). */
function inside(rings: number[][], scale: number, lon: number, lat: number): boolean {
  let inside = false;
  for (const codes of rings) {
    const ring = decodeShape(codes, scale);
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as Point;
      const [xj, yj] = ring[j] as Point;
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Whether a point is land as drawn: in the land's fill and not in a lake. */
const onLand = (asset: LandAsset, lon: number, lat: number) => inside(asset.land, asset.scale, lon, lat) && !inside(asset.lakes, asset.scale, lon, lat);

describe('the background files', () => {
  it('hold the roads and cities of cities.ts as they are now (run npm run map:background after changing it)', () => {
    expect(json<RoadsAsset>('roads.json')).toEqual(roadsAsset());
    expect(roadsAsset().cities.map((c) => c.name)).toEqual(MAP_CITIES.map((c) => c.name));
  });

  it('stay small: what a view loads is a few kilobytes gzipped', () => {
    const gz = (name: string) => gzipSync(read(name), { level: 9 }).length;
    expect(gz('roads.json')).toBeLessThan(10_000);
    expect(gz('land-0.json')).toBeLessThan(15_000);
    expect(gz('land-1.json')).toBeLessThan(32_000);
    for (const cell of readdirSync(`${BACKGROUND_DIR}land-2`)) expect(gz(`land-2/${cell}`), cell).toBeLessThan(12_000);
  });

  it.each([
    ['Moscow is land', 'land-2/30_50.json', 37.62, 55.75, true],
    ['the Gulf of Finland is water', 'land-2/20_50.json', 28.5, 59.95, false],
    ['the Black Sea is water', 'land-2/30_40.json', 34, 43, false],
    ['Sochi is land', 'land-2/30_40.json', 39.8, 43.65, true],
    ['Chukotka past 180° is land', 'land-2/180_60.json', 186, 66, true],
    ['Chukotka where it is (a view moved across the antimeridian) is land', 'land-2/-180_60.json', -174, 66, true],
    ['Wrangel Island is land at zoom 4–6, not a band across the world', 'land-1.json', 180.5, 71.2, true],
    ['the Arctic Ocean is water at zoom 4–6', 'land-1.json', 100, 80, false],
    ['the Caspian is water on the world map', 'land-0.json', 50.5, 42, false],
    ['Siberia is land on the world map', 'land-0.json', 100, 60, true],
    ['Lake Ladoga is water up close', 'land-2/30_60.json', 31.5, 60.8, false],
    ['Lake Baikal is water at zoom 4–6', 'land-1.json', 108, 53.5, false],
    ['Irkutsk beside Baikal is land', 'land-1.json', 104.3, 52.3, true],
  ])('%s', (_, file, lon, lat, land) => {
    expect(onLand(json<LandAsset>(file), lon, lat)).toBe(land);
  });

  it('draw the big rivers: the Volga by Kazan, the Ob by Novosibirsk', () => {
    const band = json<LandAsset>('land-1.json');
    const near = (lon: number, lat: number) => band.rivers.some((codes) => decodeShape(codes, band.scale).some(([x, y]) => Math.abs(x - lon) < 0.4 && Math.abs(y - lat) < 0.4));
    expect(near(49.1, 55.8)).toBe(true);
    expect(near(82.95, 55.0)).toBe(true);
  });

  it('draw borders between countries, but not the Russia–Ukraine one (see OMITTED_BORDERS)', () => {
    const band = json<LandAsset>('land-1.json');
    const near = (lon: number, lat: number, within: number) =>
      band.borders.some((codes) => decodeShape(codes, band.scale).some(([x, y]) => Math.abs(x - lon) < within && Math.abs(y - lat) < within));
    // Russia–Kazakhstan near Orenburg, Russia–Finland on the Karelian isthmus.
    expect(near(55.5, 50.8, 0.6)).toBe(true);
    expect(near(28.8, 61.2, 0.6)).toBe(true);
    // Russia–Ukraine between Belgorod and Kharkiv.
    expect(near(36.4, 50.3, 0.3)).toBe(false);
  });
});

describe('the generator', () => {
  it('makes a shape that crosses the antimeridian uncut continuous, and leaves a ring around a pole as it is', () => {
    expect(unwrap([[179, 71], [-179, 71], [-179, 72], [179, 72], [179, 71]])).toEqual([[179, 71], [181, 71], [181, 72], [179, 72], [179, 71]]);
    const polar = [[-180, -80], [0, -80], [180, -80], [180, -90], [-180, -90], [-180, -80]];
    expect(unwrap([[-170, -80], [10, -80], [170, -80], [-170, -80]])).toEqual([[-170, -80], [10, -80], [170, -80], [-170, -80]]);
    expect(unwrap(polar)).toEqual(polar);
  });

  it('shows a big city from the first zoom and a close smaller one only once their names no longer overlap', () => {
    const zooms = labelZooms([
      { name: 'Москва', lat: 55.75, lon: 37.62 },
      { name: 'Подольск', lat: 55.43, lon: 37.55 },
      { name: 'Владивосток', lat: 43.12, lon: 131.89 },
    ]);
    expect(zooms[0]).toBe(2);
    expect(zooms[1]).toBeGreaterThan(5);
    expect(zooms[2]).toBe(2);
    const moscow = roadsAsset().cities.find((c) => c.name === 'Москва');
    expect(moscow?.minZoom).toBe(2);
  });
});
