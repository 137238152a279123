import { GeocoderReply } from './structs/geocoder.ts';
import { okEnvelope } from './structs/envelope.ts';
import { CamerasReply, MapInitReply, MapOrdinancesReply } from './structs/map.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall, apiRequest } from './client.ts';

const camerasReply = okEnvelope(CamerasReply);
const initReply = okEnvelope(MapInitReply);
const ordinancesReply = okEnvelope(MapOrdinancesReply);

/** A box of the map: its north-west and south-east corners. */
export type Box = { north: number; west: number; south: number; east: number };

/** `GET /coordinates/init`: where the map starts (the signed-in user's region), the camera kinds, the tiles. */
export function fetchMapInit(auth: Credentials | undefined) {
  return apiCall('/coordinates/init', initReply, auth === undefined ? {} : { auth });
}

/** `GET /coordinates/cameras`: single cameras and clusters in a box at a zoom. */
export function fetchCameras(box: Box, zoom: number, signal?: AbortSignal) {
  const fixed = (n: number) => n.toFixed(5);
  const query = { leftUpLat: fixed(box.north), leftUpLon: fixed(box.west), rightDownLat: fixed(box.south), rightDownLon: fixed(box.east), zoom: String(zoom) };
  return apiCall('/coordinates/cameras', camerasReply, { query, ...(signal === undefined ? {} : { signal }) });
}

/** `GET /coordinates/ordinances`: the signed-in user's fines with their places. */
export function fetchMapOrdinances(auth: Credentials) {
  return apiCall('/coordinates/ordinances', ordinancesReply, { auth });
}

/** `GET /geocoder/1.x/`: places for an address, in the geocoder's own shape. */
export function geocode(text: string, results = 5) {
  return apiRequest('/geocoder/1.x/', GeocoderReply, { query: { geocode: text, format: 'json', results: String(results) } });
}
