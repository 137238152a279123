import { worldPixel } from '../mercator.ts';
import { spotsAlong } from './along.ts';
import { clipLine, clipRing } from './clip.ts';
import type { Rect } from './clip.ts';
import { decodeShape } from './codec.ts';
import { simplifyLine, simplifyRing } from './simplify.ts';
import type { Point } from './simplify.ts';
import type { LandAsset, RoadsAsset } from './types.ts';

/** A small static view: its centre, zoom and size in px. */
export type StaticView = { lat: number; lon: number; zoom: number; width: number; height: number };

/** A name to write on a static view: where (px), at what angle, what, and whether it is a city's. */
export type ViewName = { x: number; y: number; angle: number; text: string; kind: 'city' | 'highway' | 'street' | 'ring' };

/** What a static view draws, as SVG path data in the view's px (empty where there is nothing). */
export type ViewPaths = { land: string; lakes: string; rivers: string; borders: string; highways: string; streets: string; names: ViewName[] };

/** Shapes reach this far (px) past the view's edge, so a stroke is never cut at the frame. */
const MARGIN = 8;
/** Shapes are simplified to half a pixel: finer detail cannot be seen. */
const TOLERANCE = 0.5;

/** Projects [lon, lat] to the view's px (origin at its top left). */
export function projector(view: StaticView): (p: Point) => Point {
  const centre = worldPixel(view.lat, view.lon, view.zoom);
  return ([lon, lat]) => {
    const p = worldPixel(lat, lon, view.zoom);
    return [view.width / 2 + p.x - centre.x, view.height / 2 + p.y - centre.y];
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
const pathOf = (points: readonly Point[], close: boolean) => `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join('L')}${close ? 'Z' : ''}`;

/** The view's frame with its margin, in px. */
const frameOf = (view: StaticView): Rect => ({ west: -MARGIN, south: -MARGIN, east: view.width + MARGIN, north: view.height + MARGIN });

/** Encoded rings as one path (fill it with evenodd): projected, cut to the view, simplified. */
export function ringsPath(rings: readonly number[][], scale: number, view: StaticView): string {
  const project = projector(view);
  const frame = frameOf(view);
  const parts: string[] = [];
  for (const codes of rings) {
    const clipped = clipRing(decodeShape(codes, scale).map(project), frame);
    const simple = clipped === undefined ? undefined : simplifyRing([...clipped, clipped[0] as Point], TOLERANCE);
    if (simple !== undefined) parts.push(pathOf(simple.slice(0, -1), true));
  }
  return parts.join('');
}

/** Encoded lines as one path: projected, cut to the view, simplified. */
export function linesPath(lines: readonly number[][], scale: number, view: StaticView): string {
  const project = projector(view);
  const frame = frameOf(view);
  return lines
    .flatMap((codes) => clipLine(decodeShape(codes, scale).map(project), frame))
    .map((piece) => pathOf(simplifyLine(piece, TOLERANCE), false))
    .join('');
}

/**
 * Everything a static view of the background draws: land, lakes, rivers and borders from the
 * detailed band's cells, roads and names from the road cells (a name every `spacing` px along its
 * road, whole inside the frame at `fontPx` and off its centre, at most `maxNames` road names, cities first).
 */
export function viewPaths(land: readonly LandAsset[], roads: readonly RoadsAsset[], view: StaticView, { spacing = 260, maxNames = 3, fontPx = 14 } = {}): ViewPaths {
  const each = (pick: (asset: LandAsset) => number[][], rings: boolean) => land.map((asset) => (rings ? ringsPath : linesPath)(pick(asset), asset.scale, view)).join('');
  const project = projector(view);
  const inView = ([x, y]: Point) => x >= 0 && x <= view.width && y >= 0 && y <= view.height;
  const seen = new Set<string>();
  const unique = <T extends { name: string; line?: number[] }>(items: T[]) => items.filter((item) => {
    const key = `${item.name}:${item.line?.slice(0, 4).join(',') ?? ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const allRoads = unique(roads.flatMap((asset) => asset.roads.map((road) => ({ ...road, scale: asset.scale }))));
  const roadPath = (kinds: string[]) => allRoads.filter((road) => kinds.includes(road.kind)).map((road) => linesPath([road.line], road.scale, view)).join('');
  const names: ViewName[] = [];
  for (const city of unique(roads.flatMap((asset) => asset.cities))) {
    const [x, y] = project([city.lon, city.lat]);
    // A city's name stands above its centre (the island draws it there), whole inside the frame.
    const half = (city.name.length * fontPx * 0.65) / 2;
    if (inView([x, y]) && x - half > 0 && x + half < view.width && y - fontPx * 2 > 0) names.push({ x: round(x), y: round(y), angle: 0, text: city.name, kind: 'city' });
  }
  const cities = names.length;
  const roadNames: ViewName[] = [];
  for (const road of allRoads) {
    const points = decodeShape(road.line, road.scale);
    for (const spot of spotsAlong(points, view.zoom, spacing)) {
      const [x, y] = project([spot.lon, spot.lat]);
      const text = road.kind === 'highway' ? road.name.replace(/^трасса /, '') : road.name;
      // A name is written whole or not at all: its turned box inside the frame (a bold letter is about 0.65 of the font size wide).
      const half = (text.length * fontPx * 0.65) / 2 + 4;
      const [cos, sin] = [Math.abs(Math.cos((spot.angle * Math.PI) / 180)), Math.abs(Math.sin((spot.angle * Math.PI) / 180))];
      const [dx, dy] = [cos * half + (sin * fontPx) / 2, sin * half + (cos * fontPx) / 2];
      const [left, right, top, bottom] = [x - dx, x + dx, y - dy, y + dy];
      // Nor over the view's centre, the place it is about (where the island draws its pin).
      const overCentre = left < view.width / 2 + 16 && right > view.width / 2 - 16 && top < view.height / 2 + 6 && bottom > view.height / 2 - 32;
      if (left > 0 && right < view.width && top > 0 && bottom < view.height && !overCentre) roadNames.push({ x: round(x), y: round(y), angle: spot.angle, text, kind: road.kind });
    }
  }
  // A road's name keeps clear of the names already placed (a city's, or another road's).
  for (const name of roadNames) {
    if (names.length - cities >= maxNames) break;
    if (!names.some((other) => Math.abs(other.x - name.x) < 120 && Math.abs(other.y - name.y) < fontPx * 1.6)) names.push(name);
  }
  return {
    land: each((a) => a.land, true),
    lakes: each((a) => a.lakes, true),
    rivers: each((a) => a.rivers, false),
    borders: each((a) => a.borders, false),
    highways: roadPath(['highway']),
    streets: roadPath(['street', 'ring']),
    names,
  };
}
