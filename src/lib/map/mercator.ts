/** Web Mercator (the projection of map tiles): world pixel coordinates of a point at a zoom, 256-px tiles. */
export function worldPixel(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return { x: ((lon + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

/** Metres one pixel covers at a latitude and zoom. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (256 * 2 ** zoom);
}

/** A tile's address from a template with {z}, {x}, {y} (and {s}, given the first subdomain 'a'). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)).replace('{s}', 'a');
}

/** The box around a point that a `width`×`height` px view shows at a zoom. */
export function boxAround(lat: number, lon: number, zoom: number, width: number, height: number): { north: number; south: number; west: number; east: number } {
  const mpp = metresPerPixel(lat, zoom);
  const dLat = (height / 2) * mpp / 111_320;
  const dLon = (width / 2) * mpp / (111_320 * Math.cos((lat * Math.PI) / 180));
  return { north: lat + dLat, south: lat - dLat, west: lon - dLon, east: lon + dLon };
}
