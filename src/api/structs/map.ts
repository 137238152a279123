import { array, boolean, enums, literal, nullable, number, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { CAMERA_TYPES } from '../../lib/map/cameraTypes.ts';
import { Kopecks, Roubles } from './fields.ts';

const CameraKind = enums(CAMERA_TYPES);

/** A camera on the map (GET /coordinates/cameras). */
export const MapCamera = type({ id: number(), lat: number(), lon: number(), type: CameraKind, direction: nullable(number()), speedLimit: nullable(number()), address: string() });
/** One camera. */
export type MapCamera = Infer<typeof MapCamera>;

/** Cameras shown as one marker: where, how many, and the zoom at which they come apart. */
export const MapCluster = type({ lat: number(), lon: number(), count: number(), expansionZoom: number() });
/** One cluster. */
export type MapCluster = Infer<typeof MapCluster>;

/** Reply of GET /coordinates/cameras: single cameras and clusters in the box, and the zoom they were grouped at. */
export const CamerasReply = type({ cameras: array(MapCamera), clusters: array(MapCluster), zoom: number() });
/** The box's cameras. */
export type CamerasReply = Infer<typeof CamerasReply>;

/** Reply of GET /coordinates/init: where the map starts, the camera kinds, the tiles (null: a plain background) and city labels. */
export const MapInitReply = type({
  centre: type({ lat: number(), lon: number() }),
  zoom: number(),
  region: nullable(type({ code: string(), name: string() })),
  types: array(type({ type: CameraKind, label: string() })),
  tilesUrl: nullable(string()),
  /** Cities to label when there is no tile background to read places from. */
  cities: array(type({ name: string(), lat: number(), lon: number() })),
});
/** The map's start. */
export type MapInitReply = Infer<typeof MapInitReply>;

/** A fine of the signed-in user on the map (GET /coordinates/ordinances). */
export const MapOrdinance = type({
  id: number(),
  lat: number(),
  lon: number(),
  article: nullable(string()),
  title: string(),
  date: string(),
  /** Roubles, and the same in kopecks. */
  amountToPay: Roubles,
  amountToPayKopecks: Kopecks,
  paid: boolean(),
  discountActive: boolean(),
  address: nullable(string()),
  vehiclePlate: nullable(string()),
});
/** One fine's marker. */
export type MapOrdinance = Infer<typeof MapOrdinance>;

/** Reply of GET /coordinates/ordinances. */
export const MapOrdinancesReply = type({ ordinances: array(MapOrdinance), isWait: optional(literal(true)) });
/** The user's fines with places. */
export type MapOrdinancesReply = Infer<typeof MapOrdinancesReply>;

/** Query of GET /coordinates/cameras: the box's corners (spec §7) and the map's zoom (optional: taken from the box's width). */
export const CamerasQuery = type({ leftUpLat: string(), leftUpLon: string(), rightDownLat: string(), rightDownLon: string(), zoom: optional(string()) });

/** Query of GET /coordinates/init: a region to start in (two digits), else the user's, else Moscow. */
export const MapInitQuery = type({ region: optional(string()) });

/** Query of GET /geocoder/1.x/ (spec §7): the address or 'lon,lat', format=json, how many results; apikey is not needed. */
export const GeocoderQuery = type({ geocode: string(), format: optional(string()), results: optional(string()), apikey: optional(string()) });
