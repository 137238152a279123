import type { Point } from './simplify.ts';

/**
 * The background's compact coordinates: each ring or line is one flat array of integers, the first
 * point in units of 1/`scale` of a degree and every next one as the step from the one before. Small
 * numbers repeat a lot, which is what gzip needs; decoding is a loop of additions.
 */
export function encodeShape(points: readonly Point[], scale: number): number[] {
  const out: number[] = [];
  let [px, py] = [0, 0];
  for (const [x, y] of points) {
    const [qx, qy] = [Math.round(x * scale), Math.round(y * scale)];
    // A point that rounds onto the one before adds nothing.
    if (out.length > 0 && qx === px && qy === py) continue;
    out.push(qx - px, qy - py);
    [px, py] = [qx, qy];
  }
  return out;
}

/** The points of an encoded shape, as [x, y] (for geography: [lon, lat]). */
export function decodeShape(codes: readonly number[], scale: number): Point[] {
  const out: Point[] = [];
  let [x, y] = [0, 0];
  for (let i = 0; i + 1 < codes.length; i += 2) {
    x += codes[i] as number;
    y += codes[i + 1] as number;
    out.push([x / scale, y / scale]);
  }
  return out;
}
