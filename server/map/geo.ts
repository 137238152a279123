/** Mean Earth radius, km. */
const EARTH_KM = 6371;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** A point, WGS-84 degrees. */
export type LatLon = readonly [lat: number, lon: number];

/** The point `km` away from `from` along `bearing` (° clockwise from north), on a sphere. */
export function destination(from: LatLon, bearing: number, km: number): LatLon {
  const [lat1, lon1] = [rad(from[0]), rad(from[1])];
  const d = km / EARTH_KM;
  const b = rad(bearing);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [deg(lat2), ((deg(lon2) + 540) % 360) - 180];
}

/** Great-circle distance between two points, km. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b[0] - a[0]);
  const dLon = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `a` to `b`, degrees 0–359. */
export function bearingDegrees(a: LatLon, b: LatLon): number {
  const [lat1, lat2] = [rad(a[0]), rad(b[0])];
  const dLon = rad(b[1] - a[1]);
  const y = Math.sin(dLon) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon);
  return (Math.round(deg(Math.atan2(y, x))) + 360) % 360;
}
