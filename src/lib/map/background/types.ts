/**
 * The map's own background (no tile server): land, lakes, rivers and borders from Natural Earth in three bands of
 * detail, and the roads and cities of our camera set. Built by `npm run map:background`
 * (server/map/data/generateBackground.ts) into src/islands/map/data/; shapes are encoded by codec.ts.
 */

/** Bands of detail: the band a zoom draws (2–3 the world, 4–6 Russia and around it coarsely, 7+ in detail). */
export const LAND_BANDS = [
  { band: 0, minZoom: 0, maxZoom: 3 },
  { band: 1, minZoom: 4, maxZoom: 6 },
  { band: 2, minZoom: 7, maxZoom: 99 },
] as const;

/** One band. */
export type LandBand = (typeof LAND_BANDS)[number]['band'];

/** The band a zoom draws. */
export function bandOfZoom(zoom: number): LandBand {
  return (LAND_BANDS.find((b) => zoom <= b.maxZoom) ?? LAND_BANDS[2]).band;
}

/** One band of land: the land's rings (one fill), lakes (rings), rivers and the borders between countries (lines), encoded, [lon, lat]. */
export type LandAsset = {
  band: LandBand;
  /** Units per degree of the encoded shapes. */
  scale: number;
  land: number[][];
  lakes: number[][];
  rivers: number[][];
  borders: number[][];
};

/** A city of the camera set: its name, centre, and the first zoom its label fits without overlapping a bigger city's. */
export type BackgroundCity = { name: string; lat: number; lon: number; minZoom: number };

/** A named road: a federal highway, a city's main street or a ring road (an encoded line, [lon, lat]). */
export type BackgroundRoad = { name: string; kind: 'highway' | 'street' | 'ring'; line: number[] };

/** The roads and cities (small: the fine page's place map uses them too). */
export type RoadsAsset = { scale: number; cities: BackgroundCity[]; roads: BackgroundRoad[] };
