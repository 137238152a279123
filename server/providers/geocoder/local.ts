import type { CameraRecord } from '../../map/cameraCsv.ts';
import { MAP_CITIES } from '../../map/data/cities.ts';
import { distanceKm } from '../../map/geo.ts';
import { toGeocoderReply } from './reply.ts';
import type { GeocodedPlace, Geocoder } from './reply.ts';

/** Words that say what a place is rather than which one, left out when matching. */
const GENERIC = new Set(['г', 'город', 'россия', 'рф', 'ул', 'улица', 'д', 'дом']);

/** Lower case, ё as е, words only. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().replaceAll('ё', 'е').split(/[^\p{L}\p{N}-]+/u).filter((w) => w !== '' && w !== '-');
}

/** A place with the words it is found by, and how it ranks among equals. */
type Entry = GeocodedPlace & { words: readonly string[]; rank: number; house?: string };

/** 'г. Москва, Ленинградский проспект, д. 12' → city, street, house; highways → the road alone. */
function splitAddress(address: string): { city?: string; street: string; house?: string } {
  const parts = address.split(', ');
  if (parts[0]?.startsWith('г. ') === true) {
    const house = parts[2]?.startsWith('д. ') === true ? parts[2].slice(3) : undefined;
    return { city: parts[0].slice(3), street: parts[1] ?? '', ...(house === undefined ? {} : { house }) };
  }
  return { street: parts[0] ?? address };
}

/** The box around points, widened a little so a single point still has one. */
function boxOf(points: readonly (readonly [number, number])[]): GeocodedPlace['box'] {
  const lats = points.map((p) => p[0]);
  const lons = points.map((p) => p[1]);
  const pad = 0.002;
  return [Math.min(...lats) - pad, Math.min(...lons) - pad, Math.max(...lats) + pad, Math.max(...lons) + pad];
}

/** Every place our data names: regions, cities, and the streets, roads and houses of the cameras. */
export function buildPlaces(cameras: readonly CameraRecord[]): Entry[] {
  const entries: Entry[] = [];
  const regions = new Map<string, (typeof MAP_CITIES)[number]>();
  for (const city of MAP_CITIES) {
    if (!regions.has(city.region)) regions.set(city.region, city);
    const [lat, lon] = city.centre;
    entries.push({
      name: city.name, description: `${city.region}, Россия`, kind: 'locality', text: `Россия, ${city.region === city.name ? '' : `${city.region}, `}${city.name}`,
      point: city.centre, box: [lat - 0.15, lon - 0.25, lat + 0.15, lon + 0.25], words: searchWords(`${city.name} ${city.region}`), rank: 0,
    });
  }
  for (const [region, city] of regions) {
    if (region === city.name) continue;
    const [lat, lon] = city.centre;
    entries.push({ name: region, description: 'Россия', kind: 'province', text: `Россия, ${region}`, point: city.centre, box: [lat - 1.5, lon - 2.5, lat + 1.5, lon + 2.5], words: searchWords(region), rank: 1 });
  }
  const streets = new Map<string, { city?: string; street: string; points: [number, number][] }>();
  for (const camera of cameras) {
    const { city, street, house } = splitAddress(camera.address);
    const key = `${city ?? ''}|${street}`;
    const entry = streets.get(key) ?? { ...(city === undefined ? {} : { city }), street, points: [] };
    entry.points.push([camera.lat, camera.lon]);
    streets.set(key, entry);
    if (city !== undefined && house !== undefined) {
      entries.push({
        name: `${street}, ${house}`, description: `${city}, Россия`, kind: 'house', text: `Россия, ${city}, ${street}, ${house}`,
        point: [camera.lat, camera.lon], box: boxOf([[camera.lat, camera.lon]]), words: searchWords(`${city} ${street}`), house, rank: 3,
      });
    }
  }
  for (const { city, street, points } of streets.values()) {
    const middle = points[Math.floor(points.length / 2)] ?? [0, 0];
    entries.push({
      name: street, description: city === undefined ? 'Россия' : `${city}, Россия`, kind: city === undefined ? 'route' : 'street',
      text: city === undefined ? `Россия, ${street}` : `Россия, ${city}, ${street}`, point: middle, box: boxOf(points), words: searchWords(`${city ?? ''} ${street}`), rank: 2,
    });
  }
  return entries;
}

/** Whether every word of the request starts a word of the place (a number must match a house exactly). */
function matches(entry: Entry, words: readonly string[], numbers: readonly string[]): boolean {
  if (!words.every((w) => entry.words.some((own) => own.startsWith(w)))) return false;
  if (entry.kind === 'house') return numbers.length > 0 && numbers.some((n) => entry.house?.toLowerCase() === n);
  return true;
}

/** Finds places in `entries` for a request: 'lon,lat' gives what is there; otherwise every word must match. */
export function findPlaces(entries: readonly Entry[], request: string): GeocodedPlace[] {
  const reverse = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,2}(?:\.\d+)?)\s*$/.exec(request);
  if (reverse !== null) {
    const here: [number, number] = [Number(reverse[2]), Number(reverse[1])];
    const near = entries
      .filter((e) => e.kind === 'street' || e.kind === 'route' || e.kind === 'locality')
      .map((e) => ({ e, km: distanceKm(here, e.point) }))
      .filter(({ e, km }) => km <= (e.kind === 'locality' ? 60 : 3))
      .sort((a, b) => a.e.rank - b.e.rank === 0 ? a.km - b.km : b.e.rank - a.e.rank);
    return near.map(({ e }) => strip(e));
  }
  const all = searchWords(request);
  const numbers = all.filter((w) => /^\d/.test(w) && !/^\d+-?(я|й|е|го|ой)$/.test(w));
  const words = all.filter((w) => !GENERIC.has(w) && !numbers.includes(w));
  if (words.length === 0) return [];
  const found = entries.filter((e) => matches(e, words, numbers));
  // A place whose own name holds the words first ('Свердловская область' is the region, not its city);
  // then a house when one was asked for, else the larger place; then the shorter name.
  const byName = (e: Entry) => (words.every((w) => searchWords(e.name).some((own) => own.startsWith(w))) ? 0 : 1);
  return found
    .sort((a, b) => byName(a) - byName(b) || (numbers.length > 0 ? b.rank - a.rank : a.rank - b.rank) || a.words.length - b.words.length || a.name.localeCompare(b.name, 'ru'))
    .map(strip);
}

const strip = ({ words: _w, rank: _r, house: _h, ...place }: Entry): GeocodedPlace => place;

/** Our own geocoder over the cities and the cameras' streets; the places are rebuilt when the camera set changes. */
export function createLocalGeocoder(cameras: () => Promise<readonly CameraRecord[]>): Geocoder {
  let built: { from: readonly CameraRecord[]; entries: Entry[] } | undefined;
  return {
    async geocode(request, results) {
      const current = await cameras();
      if (built?.from !== current) built = { from: current, entries: buildPlaces(current) };
      return toGeocoderReply(request, results, findPlaces(built.entries, request));
    },
  };
}
