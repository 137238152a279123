import { cellsInView } from '../../lib/map/background/cells.ts';
import type { Rect } from '../../lib/map/background/clip.ts';
import type { LandAsset, LandBand, RoadsAsset } from '../../lib/map/background/types.ts';
import roadsUrl from './data/roads.json?url&no-inline';
import land0Url from './data/land-0.json?url&no-inline';
import land1Url from './data/land-1.json?url&no-inline';

/**
 * Where the background's files are: hashed assets of the build (cached for good), each fetched only
 * when a view needs it. Never inlined into the script: the map page's script stays small, and no
 * other page's bundle holds them.
 */
const DETAILED_URLS = Object.fromEntries(
  Object.entries(import.meta.glob<string>('./data/land-2/*.json', { query: '?url&no-inline', import: 'default', eager: true })).map(([path, url]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), url]),
);

/** Each file is asked for once; a failed request may be asked again on the next move. */
const cache = new Map<string, Promise<unknown>>();
function load<T>(url: string): Promise<T> {
  let pending = cache.get(url);
  if (pending === undefined) {
    pending = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.json();
    });
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending as Promise<T>;
}

/** The roads and cities of the camera set. */
export const loadRoads = () => load<RoadsAsset>(roadsUrl);

/** A coarse band (0: the world, 1: Russia and around it) as one file. */
export const loadCoarseBand = (band: Exclude<LandBand, 2>) => load<LandAsset>(band === 0 ? land0Url : land1Url);

/** The detailed band's cells a view touches, by cell name (cells of open sea have no file and are left out). */
export function detailedCellsFor(view: Rect): { name: string; load: () => Promise<LandAsset> }[] {
  return cellsInView(view).flatMap((name) => {
    const url = DETAILED_URLS[name];
    return url === undefined ? [] : [{ name, load: () => load<LandAsset>(url) }];
  });
}
