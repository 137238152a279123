import { worldPixel } from '../../src/lib/map/mercator.ts';

/** A box on the map: north-west and south-east corners (the spec's leftUp and rightDown). */
export type MapBox = { north: number; west: number; south: number; east: number };

/** The largest zoom the map asks for. */
export const MAX_ZOOM = 22;

/**
 * The widest (and tallest) view the box query serves at the zoom it is asked for, CSS px: twice a
 * 4K screen. A box wider than this at its zoom is no map on a screen but a request for the whole set,
 * and is answered at the zoom where it would fit.
 */
export const MAX_VIEW_PX = 8192;

/** The zoom at which a box this wide fills a screen of about 1000 px (when the caller does not say). */
export function zoomForBox(box: MapBox): number {
  const span = Math.max(box.east - box.west, 1e-6);
  return Math.max(0, Math.min(MAX_ZOOM, Math.floor(Math.log2((360 * 1000) / (256 * span)))));
}

/** The highest zoom at which the box, drawn in Web Mercator, still fits in MAX_VIEW_PX both ways. */
export function mostDetailedZoom(box: MapBox): number {
  const northWest = worldPixel(box.north, box.west, 0);
  const southEast = worldPixel(box.south, box.east, 0);
  const sizeAtZero = Math.max(southEast.x - northWest.x, southEast.y - northWest.y, 1e-9);
  return Math.max(0, Math.min(MAX_ZOOM, Math.floor(Math.log2(MAX_VIEW_PX / sizeAtZero))));
}
