import { cellsInView } from '../../lib/map/background/cells.ts';
import type { LandAsset, RoadsAsset } from '../../lib/map/background/types.ts';
import { viewPaths } from '../../lib/map/background/viewPaths.ts';
import type { StaticView, ViewPaths } from '../../lib/map/background/viewPaths.ts';
import { boxAround } from '../../lib/map/mercator.ts';

/**
 * The fine page's small map without a tile server: the same background as the map page's, but only
 * the cells around the point (the detailed band's land and the roads near it, a few kilobytes),
 * loaded by this module, which the fine page imports only then. Hashed assets, cached for good.
 */
const urls = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([path, url]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), url]));
const LAND = urls(import.meta.glob<string>('./data/land-2/*.json', { query: '?url&no-inline', import: 'default', eager: true }));
const ROADS = urls(import.meta.glob<string>('./data/roads-2/*.json', { query: '?url&no-inline', import: 'default', eager: true }));

/** A file's JSON (a cell not in the table is open sea or has no roads: nothing to fetch). */
async function fetchCell<T>(url: string | undefined): Promise<T | undefined> {
  if (url === undefined) return undefined;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The background of a static view, or undefined when no land cell covers it (far outside Russia and around it: the plain ground stays). */
export async function placeBackground(view: StaticView): Promise<ViewPaths | undefined> {
  const box = boxAround(view.lat, view.lon, view.zoom, view.width, view.height);
  const names = cellsInView(box);
  if (!names.some((name) => LAND[name] !== undefined)) return undefined;
  const [land, roads] = await Promise.all([
    Promise.all(names.map((name) => fetchCell<LandAsset>(LAND[name]))),
    Promise.all(names.map((name) => fetchCell<RoadsAsset>(ROADS[name]))),
  ]);
  return viewPaths(land.filter((a) => a !== undefined), roads.filter((a) => a !== undefined), view);
}
