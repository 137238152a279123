import { worldPixel } from '../mercator.ts';
import type { Point } from './simplify.ts';

/** A label's place on a line: where, and the angle (degrees, kept upright) the text runs at. */
export type LabelSpot = { lat: number; lon: number; angle: number; index: number };

/**
 * Spots for a road's name along its line ([lon, lat] points) at a zoom: the first half a spacing
 * from the start, then every `spacing` px, each turned along its segment and never upside down.
 */
export function spotsAlong(line: readonly Point[], zoom: number, spacing: number): LabelSpot[] {
  const px = line.map(([lon, lat]) => worldPixel(lat, lon, zoom));
  const spots: LabelSpot[] = [];
  let next = spacing / 2;
  let walked = 0;
  for (let i = 1; i < px.length; i++) {
    const a = px[i - 1] as { x: number; y: number };
    const b = px[i] as { x: number; y: number };
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    while (length > 0 && walked + length >= next) {
      const t = (next - walked) / length;
      const [lonA, latA] = line[i - 1] as Point;
      const [lonB, latB] = line[i] as Point;
      let angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
      if (angle > 90) angle -= 180;
      if (angle < -90) angle += 180;
      spots.push({ lat: latA + (latB - latA) * t, lon: lonA + (lonB - lonA) * t, angle: Math.round(angle), index: spots.length });
      next += spacing;
    }
    walked += length;
  }
  return spots;
}
