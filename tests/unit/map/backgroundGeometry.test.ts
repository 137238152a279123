import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spotsAlong } from '../../../src/lib/map/background/along.ts';
import { cellsInView } from '../../../src/lib/map/background/cells.ts';
import { clipLine, clipRing, clipSegment } from '../../../src/lib/map/background/clip.ts';
import { decodeShape, encodeShape } from '../../../src/lib/map/background/codec.ts';
import { ringArea, simplifyLine, simplifyRing } from '../../../src/lib/map/background/simplify.ts';
import type { Point } from '../../../src/lib/map/background/simplify.ts';
import { bandOfZoom } from '../../../src/lib/map/background/types.ts';
import type { LandAsset, RoadsAsset } from '../../../src/lib/map/background/types.ts';
import { projector, viewPaths } from '../../../src/lib/map/background/viewPaths.ts';
import { worldPixel } from '../../../src/lib/map/mercator.ts';

// Issue 24, item 14: the geometry behind the map's own background (simplify, clip, encode, place names).

/** Distance from a point to the nearest segment of a polyline. */
function distanceToLine(p: Point, line: readonly Point[]): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1] as Point, line[i] as Point];
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const len = dx * dx + dy * dy;
    const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len));
    best = Math.min(best, Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]));
  }
  return best;
}

const coord = fc.double({ min: -50, max: 50, noNaN: true });
const pointArb = fc.tuple(coord, coord) as fc.Arbitrary<Point>;

describe('simplification (Douglas–Peucker)', () => {
  it.each([
    ['a straight line keeps its ends', [[0, 0], [1, 0], [2, 0], [3, 0]], 0.1, [[0, 0], [3, 0]]],
    ['a corner beyond the tolerance stays', [[0, 0], [1, 0], [2, 0], [2, 2]], 0.1, [[0, 0], [2, 0], [2, 2]]],
    ['a wiggle within the tolerance goes', [[0, 0], [1, 0.05], [2, -0.04], [3, 0]], 0.1, [[0, 0], [3, 0]]],
    ['two points stay as they are', [[0, 0], [5, 5]], 1, [[0, 0], [5, 5]]],
  ] as [string, Point[], number, Point[]][])('%s', (_, line, tolerance, expected) => {
    expect(simplifyLine(line, tolerance)).toEqual(expected);
  });

  it('keeps every dropped point within the tolerance of what is left, ends included', () => {
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 2, maxLength: 60 }), fc.double({ min: 0.01, max: 5, noNaN: true }), (line, tolerance) => {
        const simple = simplifyLine(line, tolerance);
        expect(simple[0]).toEqual(line[0]);
        expect(simple[simple.length - 1]).toEqual(line[line.length - 1]);
        for (const p of line) expect(distanceToLine(p, simple)).toBeLessThanOrEqual(tolerance + 1e-9);
      }),
    );
  });

  it('keeps a ring its shape, and drops an islet too small for the band', () => {
    const square: Point[] = [[0, 0], [0, 1], [0.5, 1.001], [1, 1], [1, 0], [0, 0]];
    expect(simplifyRing(square, 0.01)).toEqual([[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]]);
    expect(Math.abs(ringArea(simplifyRing(square, 0.01) ?? [])) / 2).toBeCloseTo(1, 6);
    expect(simplifyRing(square, 0.01, 2)).toBeUndefined();
    expect(simplifyRing([[0, 0], [1, 1], [0, 0]], 0.01)).toBeUndefined();
  });
});

describe('clipping to a box', () => {
  const box = { west: 0, south: 0, east: 10, north: 10 };

  it('cuts a ring to the box, keeps one inside and drops one outside', () => {
    const half = clipRing([[-5, 2], [5, 2], [5, 8], [-5, 8], [-5, 2]], box) ?? [];
    expect(Math.abs(ringArea(half)) / 2).toBeCloseTo(30, 9);
    expect(half.every(([x, y]) => x >= 0 && x <= 10 && y >= 0 && y <= 10)).toBe(true);
    expect(clipRing([[1, 1], [2, 1], [2, 2]], box)).toEqual([[1, 1], [2, 1], [2, 2]]);
    expect(clipRing([[20, 20], [30, 20], [30, 30]], box)).toBeUndefined();
    // A ring around the whole box (the land around a city inland) becomes the box.
    expect(Math.abs(ringArea(clipRing([[-50, -50], [50, -50], [50, 50], [-50, 50]], box) ?? [])) / 2).toBeCloseTo(100, 9);
  });

  it('cuts a segment (Liang–Barsky) and a line that leaves and comes back into pieces', () => {
    expect(clipSegment([-5, 5], [15, 5], box)).toEqual([[0, 5], [10, 5]]);
    expect(clipSegment([-5, -5], [-1, 20], box)).toBeUndefined();
    expect(clipLine([[2, 2], [20, 2], [20, 8], [2, 8]], box)).toEqual([[[2, 2], [10, 2]], [[10, 8], [2, 8]]]);
    expect(clipLine([[1, 1], [2, 2], [3, 1]], box)).toEqual([[[1, 1], [2, 2], [3, 1]]]);
  });

  it('never leaves a point outside the box, for any ring or line', () => {
    const inside = ([x, y]: Point) => x >= -1e-9 && x <= 10 + 1e-9 && y >= -1e-9 && y <= 10 + 1e-9;
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 3, maxLength: 40 }), (shape) => {
        expect((clipRing(shape, box) ?? []).every(inside)).toBe(true);
        expect(clipLine(shape, box).flat().every(inside)).toBe(true);
      }),
    );
  });
});

describe('the compact coordinates', () => {
  it('round-trips any shape to within half a unit, and drops points that round onto the one before', () => {
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 1, maxLength: 50 }), fc.constantFrom(10, 100, 1000, 10_000), (shape, scale) => {
        const back = decodeShape(encodeShape(shape, scale), scale);
        for (const [x, y] of back) expect(shape.some(([px, py]) => Math.abs(px - x) <= 0.5 / scale + 1e-9 && Math.abs(py - y) <= 0.5 / scale + 1e-9)).toBe(true);
        expect(back.length).toBeLessThanOrEqual(shape.length);
      }),
    );
    expect(encodeShape([[37.6173, 55.7558], [37.6174, 55.7558], [37.7, 55.8]], 1000)).toEqual([37617, 55756, 83, 44]);
  });
});

describe('bands and cells', () => {
  it.each([[2, 0], [3, 0], [4, 1], [6, 1], [7, 2], [11, 2], [18, 2]])('zoom %i draws band %i', (zoom, band) => {
    expect(bandOfZoom(zoom)).toBe(band);
  });

  it('names the cells a view touches, past the antimeridian too', () => {
    expect(cellsInView({ west: 37.3, south: 55.5, east: 37.9, north: 56 })).toEqual(['30_50']);
    expect(cellsInView({ west: 29.8, south: 59.7, east: 30.8, north: 60.2 })).toEqual(['20_50', '20_60', '30_50', '30_60']);
    expect(cellsInView({ west: 175, south: 64, east: 185, north: 66 })).toEqual(['170_60', '180_60']);
  });
});

describe('names along a road', () => {
  it('puts a name every spacing px, the first half a spacing in, turned along the road and never upside down', () => {
    const line: Point[] = [[37, 55], [38, 55]];
    const spots = spotsAlong(line, 10, 200);
    const length = worldPixel(55, 38, 10).x - worldPixel(55, 37, 10).x;
    expect(spots).toHaveLength(Math.floor((length - 100) / 200) + 1);
    expect(spots.every((s) => s.angle === 0)).toBe(true);
    // The same road drawn east to west reads the same way.
    expect(spotsAlong([[38, 55], [37, 55]], 10, 200).every((s) => s.angle === 0)).toBe(true);
    const diagonal = spotsAlong([[38, 54], [37, 55]], 8, 50);
    expect(diagonal.length).toBeGreaterThan(0);
    expect(diagonal.every((s) => s.angle >= -90 && s.angle <= 90)).toBe(true);
  });
});

describe('a static view of the background (the small map of a fine page)', () => {
  const view = { lat: 55.75, lon: 37.62, zoom: 12, width: 480, height: 220 };
  const land: LandAsset = { band: 2, scale: 1000, land: [encodeShape([[30, 50], [40, 50], [40, 60], [30, 60]], 1000)], lakes: [], rivers: [], borders: [] };
  const road = (name: string, kind: 'street' | 'highway', from: Point, to: Point) => ({ name, kind, line: encodeShape([from, to], 10_000) });
  const roads: RoadsAsset = {
    scale: 10_000,
    cities: [{ name: 'Москва', lat: 55.75, lon: 37.62, minZoom: 2 }, { name: 'Тверь', lat: 56.86, lon: 35.92, minZoom: 2 }],
    roads: [road('Кутузовский проспект', 'street', [37.62, 55.75], [37.4, 55.73]), road('трасса М-7 «Волга»', 'highway', [37.62, 55.75], [44.0, 56.33])],
  };

  it('puts the centre in the middle and cuts every shape to the frame', () => {
    expect(projector(view)([37.62, 55.75])).toEqual([240, 110]);
    const paths = viewPaths([land], [roads], view);
    // The land around Moscow covers the whole frame (with its margin): one closed ring.
    expect(paths.land).toMatch(/^M-8 -8L.*Z$/);
    const numbers = (d: string) => [...d.matchAll(/-?\d+(\.\d+)?/g)].map((m) => Number(m[0]));
    for (const d of [paths.land, paths.streets, paths.highways]) for (const n of numbers(d)) expect(n).toBeGreaterThanOrEqual(-8), expect(n).toBeLessThanOrEqual(488);
    expect(paths.streets).not.toBe('');
    expect(paths.highways).not.toBe('');
    expect(paths.lakes).toBe('');
  });

  it('names the city in view (not the one outside) and the roads, each whole inside the frame and turned along its road', () => {
    const { names } = viewPaths([land], [roads], view);
    expect(names.filter((n) => n.kind === 'city').map((n) => n.text)).toEqual(['Москва']);
    const roadNames = names.filter((n) => n.kind !== 'city');
    expect(roadNames.map((n) => n.text)).toEqual(expect.arrayContaining(['Кутузовский проспект', 'М-7 «Волга»']));
    for (const name of roadNames) {
      const half = (name.text.length * 14 * 0.65) / 2;
      expect(name.x - Math.abs(Math.cos((name.angle * Math.PI) / 180)) * half).toBeGreaterThan(0);
      expect(name.x + Math.abs(Math.cos((name.angle * Math.PI) / 180)) * half).toBeLessThan(480);
    }
    expect(roadNames.find((n) => n.text === 'М-7 «Волга»')?.angle).toBeLessThan(0);
  });
});

describe('names on a static view', () => {
  it('keep off the centre, where the pin stands', () => {
    const view = { lat: 55.75, lon: 37.5, zoom: 12, width: 480, height: 220 };
    const land: LandAsset = { band: 2, scale: 1000, land: [], lakes: [], rivers: [], borders: [] };
    // A street straight through the centre: its name may go anywhere along it but over the pin.
    const roads: RoadsAsset = { scale: 10_000, cities: [], roads: [{ name: 'Кутузовский проспект', kind: 'street', line: encodeShape([[37.3, 55.75], [37.7, 55.75]], 10_000) }] };
    const names = viewPaths([land], [roads], view, { spacing: 40, maxNames: 10 }).names;
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(Math.abs(name.x - 240) - (name.text.length * 14 * 0.6) / 2).toBeGreaterThan(8);
  });
});
