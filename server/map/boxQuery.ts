import { ApiError } from '../http/apiError.ts';
import { MAX_ZOOM, zoomForBox } from './boxZoom.ts';
import type { MapBox } from './boxZoom.ts';

/** Names of the box's query parameters (spec §7) and how each is described in errors. */
const CORNERS = [
  ['leftUpLat', 'Широта верхнего левого угла', 90],
  ['leftUpLon', 'Долгота верхнего левого угла', 180],
  ['rightDownLat', 'Широта нижнего правого угла', 90],
  ['rightDownLon', 'Долгота нижнего правого угла', 180],
] as const;

/** A number of the query, or a 400 in Russian naming it. */
function coordinate(query: Record<string, string>, key: string, label: string, limit: number): number {
  const text = query[key];
  if (text === undefined || text.trim() === '') throw new ApiError(400, `${label} (${key}) не указана`);
  const value = Number(text);
  if (!Number.isFinite(value)) throw new ApiError(400, `${label} (${key}) должна быть числом`);
  if (Math.abs(value) > limit) throw new ApiError(400, `${label} (${key}) должна быть от −${limit} до ${limit}`);
  return value;
}

/** Reads and checks the box and zoom of GET /coordinates/cameras; any bad part is a 400 with a Russian message. */
export function parseBoxQuery(query: Record<string, string>): { box: MapBox; zoom: number } {
  const [north, west, south, east] = CORNERS.map(([key, label, limit]) => coordinate(query, key, label, limit)) as [number, number, number, number];
  if (north < south) throw new ApiError(400, 'Область перевёрнута: верхний левый угол южнее нижнего правого');
  if (west > east) throw new ApiError(400, 'Область перевёрнута: верхний левый угол восточнее нижнего правого');
  const box = { north, west, south, east };
  const zoomText = query['zoom'];
  if (zoomText === undefined || zoomText.trim() === '') return { box, zoom: zoomForBox(box) };
  const zoom = Number(zoomText);
  if (!Number.isFinite(zoom) || zoom < 0 || zoom > MAX_ZOOM) throw new ApiError(400, `Масштаб (zoom) должен быть числом от 0 до ${MAX_ZOOM}`);
  return { box, zoom };
}
