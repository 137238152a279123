/** The map's settings: the tile server the map draws under the cameras, and the real geocoder. */
export type MapSettings = {
  /** Tile address template with {z}, {x} and {y} (PUBLIC_MAP_TILES_URL); unset: the map draws on a plain background. */
  tilesUrl: string | undefined;
  /** The real geocoder (GEOCODER_API_KEY; GEOCODER_API_URL defaults to Yandex's /1.x/); unset: our own data answers. */
  geocoderApi: { key: string; url: string } | undefined;
};

/** Where the real geocoder answers unless GEOCODER_API_URL says otherwise. */
export const YANDEX_GEOCODER_URL = 'https://geocode-maps.yandex.ru/1.x/';

/** Reads PUBLIC_MAP_TILES_URL, GEOCODER_API_KEY and GEOCODER_API_URL; a malformed one throws with the reason (start-up refuses it). */
export function parseMapSettings(env: Record<string, string | undefined>): MapSettings {
  const tiles = env['PUBLIC_MAP_TILES_URL']?.trim() || undefined;
  if (tiles !== undefined && !/^https?:\/\/\S+$/.test(tiles)) throw new Error(`PUBLIC_MAP_TILES_URL must be an http(s):// address, got "${tiles}"`);
  if (tiles !== undefined && !['{z}', '{x}', '{y}'].every((part) => tiles.includes(part))) {
    throw new Error(`PUBLIC_MAP_TILES_URL must hold {z}, {x} and {y} (https://tiles.example.ru/{z}/{x}/{y}.png), got "${tiles}"`);
  }
  const key = env['GEOCODER_API_KEY']?.trim() || undefined;
  const url = env['GEOCODER_API_URL']?.trim() || YANDEX_GEOCODER_URL;
  if (!/^https:\/\/\S+$/.test(url)) throw new Error(`GEOCODER_API_URL must be an https:// address, got "${url}"`);
  return { tilesUrl: tiles, geocoderApi: key === undefined ? undefined : { key, url } };
}
