/** A point as [x, y] (for geography: [lon, lat] in degrees). */
export type Point = readonly [number, number];

/** Squared distance from `p` to the segment `a`–`b`. */
function segmentDistanceSq(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

/**
 * Douglas–Peucker: the fewest points of a line that stay within `tolerance` of it (the ends always
 * kept). Iterative, so a coastline of tens of thousands of points does not overflow the stack.
 */
export function simplifyLine(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 2 || tolerance <= 0) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const limit = tolerance * tolerance;
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let worst = -1;
    let worstAt = first;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistanceSq(points[i] as Point, points[first] as Point, points[last] as Point);
      if (d > worst) [worst, worstAt] = [d, i];
    }
    if (worst > limit) {
      keep[worstAt] = 1;
      stack.push([first, worstAt], [worstAt, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Twice the signed area of a ring (shoelace). */
export function ringArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += ((ring[j] as Point)[0] - (ring[i] as Point)[0]) * ((ring[j] as Point)[1] + (ring[i] as Point)[1]);
  return sum;
}

/**
 * A closed ring simplified within `tolerance`, or undefined when what is left is too small to draw
 * (fewer than 4 points, or an area under `minArea`: islets that would be a speck at this scale).
 * The ring is split at its farthest point from the start, so both halves keep their shape.
 */
export function simplifyRing(ring: readonly Point[], tolerance: number, minArea = 0): Point[] | undefined {
  if (ring.length < 4) return undefined;
  const start = ring[0] as Point;
  let far = 1;
  let farD = -1;
  for (let i = 1; i < ring.length - 1; i++) {
    const d = ((ring[i] as Point)[0] - start[0]) ** 2 + ((ring[i] as Point)[1] - start[1]) ** 2;
    if (d > farD) [far, farD] = [i, d];
  }
  const out = [...simplifyLine(ring.slice(0, far + 1), tolerance), ...simplifyLine(ring.slice(far), tolerance).slice(1)];
  if (out.length < 4 || Math.abs(ringArea(out)) / 2 < minArea) return undefined;
  return out;
}
