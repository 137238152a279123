import type { MapInitReply } from '../../src/api/structs/map.ts';
import { CAMERA_TYPES, CAMERA_TYPE_LABELS } from '../../src/lib/map/cameraTypes.ts';
import { MAP_CITIES } from './data/cities.ts';
import type { MapCity } from './data/cities.ts';
import { distanceKm } from './geo.ts';

/** Moscow: where the map starts when nothing says otherwise. */
const DEFAULT_CITY = MAP_CITIES[0] as MapCity;
/** Zoom of a city's view. */
const CITY_ZOOM = 11;

/** The city of the set nearest to a point. */
export function nearestCity(point: readonly [number, number]): MapCity {
  let best = DEFAULT_CITY;
  let bestKm = Infinity;
  for (const city of MAP_CITIES) {
    const km = distanceKm(point, city.centre);
    if (km < bestKm) [best, bestKm] = [city, km];
  }
  return best;
}

/** The main city of a region (by its two-digit code), when the set has one. */
export const cityOfRegion = (code: string): MapCity | undefined => MAP_CITIES.find((city) => city.regionCode === code);

/** The reply of GET /coordinates/init for a start city. */
export function startView(city: MapCity | undefined, tilesUrl: string | undefined): MapInitReply {
  const start = city ?? DEFAULT_CITY;
  return {
    centre: { lat: start.centre[0], lon: start.centre[1] },
    zoom: CITY_ZOOM,
    region: { code: start.regionCode, name: start.region },
    types: CAMERA_TYPES.map((type) => ({ type, label: CAMERA_TYPE_LABELS[type] })),
    tilesUrl: tilesUrl ?? null,
    cities: MAP_CITIES.map((city) => ({ name: city.name, lat: city.centre[0], lon: city.centre[1] })),
  };
}
