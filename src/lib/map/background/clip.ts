import type { Point } from './simplify.ts';

/** A rectangle: west and east x, south and north y (for geography: degrees). */
export type Rect = { west: number; south: number; east: number; north: number };

type Edge = { inside: (p: Point) => boolean; cut: (a: Point, b: Point) => Point };

/** Where the segment a–b crosses the vertical line x = `x`. */
const atX = (a: Point, b: Point, x: number): Point => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
/** Where the segment a–b crosses the horizontal line y = `y`. */
const atY = (a: Point, b: Point, y: number): Point => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];

/** The four edges of a rectangle, each with its inside test and its cut. */
function edgesOf(r: Rect): Edge[] {
  return [
    { inside: (p) => p[0] >= r.west, cut: (a, b) => atX(a, b, r.west) },
    { inside: (p) => p[0] <= r.east, cut: (a, b) => atX(a, b, r.east) },
    { inside: (p) => p[1] >= r.south, cut: (a, b) => atY(a, b, r.south) },
    { inside: (p) => p[1] <= r.north, cut: (a, b) => atY(a, b, r.north) },
  ];
}

/**
 * A closed ring cut to a rectangle (Sutherland–Hodgman): what lies outside is replaced by the
 * rectangle's edge, which is right for a fill drawn without an outline. Undefined when nothing is left.
 * The ring may be given closed (last point = first) or open; the result is open.
 */
export function clipRing(ring: readonly Point[], rect: Rect): Point[] | undefined {
  let out: Point[] = [...ring];
  const a0 = out[0];
  const aN = out[out.length - 1];
  if (out.length > 1 && a0 !== undefined && aN !== undefined && a0[0] === aN[0] && a0[1] === aN[1]) out.pop();
  for (const edge of edgesOf(rect)) {
    if (out.length === 0) break;
    const input = out;
    out = [];
    let prev = input[input.length - 1] as Point;
    for (const point of input) {
      if (edge.inside(point)) {
        if (!edge.inside(prev)) out.push(edge.cut(prev, point));
        out.push(point);
      } else if (edge.inside(prev)) out.push(edge.cut(prev, point));
      prev = point;
    }
  }
  return out.length >= 3 ? out : undefined;
}

/** Liang–Barsky: the part of the segment a–b inside the rectangle, or undefined. */
export function clipSegment(a: Point, b: Point, r: Rect): [Point, Point] | undefined {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const checks: [number, number][] = [[-dx, a[0] - r.west], [dx, r.east - a[0]], [-dy, a[1] - r.south], [dy, r.north - a[1]]];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q < 0) return undefined;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return undefined;
    }
  }
  return [[a[0] + t0 * dx, a[1] + t0 * dy], [a[0] + t1 * dx, a[1] + t1 * dy]];
}

/** A line cut to a rectangle: the pieces inside it, in order (a line leaving and coming back gives two). */
export function clipLine(line: readonly Point[], rect: Rect): Point[][] {
  const pieces: Point[][] = [];
  let current: Point[] | undefined;
  for (let i = 1; i < line.length; i++) {
    const part = clipSegment(line[i - 1] as Point, line[i] as Point, rect);
    if (part === undefined) {
      current = undefined;
      continue;
    }
    const [from, to] = part;
    const last = current?.[current.length - 1];
    if (current === undefined || last === undefined || last[0] !== from[0] || last[1] !== from[1]) {
      current = [from];
      pieces.push(current);
    }
    current.push(to);
  }
  return pieces;
}
