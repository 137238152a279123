/** A view a link asks for: where, how close, and which fine to open. */
export type AskedView = { lat: number; lon: number; zoom: number; fine?: number };

/** The view a link asks for (?lat=&lon=&zoom=&fine=, the fine page's link), when its numbers make sense. */
export function askedView(url: URL): AskedView | undefined {
  const lat = Number(url.searchParams.get('lat'));
  const lon = Number(url.searchParams.get('lon'));
  if (!url.searchParams.has('lat') || !url.searchParams.has('lon') || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) return undefined;
  const zoom = Number(url.searchParams.get('zoom') ?? 15);
  const fine = Number(url.searchParams.get('fine'));
  return { lat, lon, zoom: Number.isInteger(zoom) && zoom >= 2 && zoom <= 18 ? zoom : 15, ...(Number.isSafeInteger(fine) && fine > 0 ? { fine } : {}) };
}
