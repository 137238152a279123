import type { GeocoderReply } from '../../../src/api/structs/geocoder.ts';

export { GeocoderReply } from '../../../src/api/structs/geocoder.ts';

/** Kinds of places the geocoder names (a subset of the spec's geocoder's kinds). */
export type PlaceKind = 'country' | 'province' | 'locality' | 'street' | 'route' | 'house';

/** A place found: its name, the line under it, kind, point and box. */
export type GeocodedPlace = {
  name: string;
  /** The enclosing places ('Москва, Россия'). */
  description: string;
  kind: PlaceKind;
  /** The full address line ('Россия, Москва, Ленинградский проспект'). */
  text: string;
  point: readonly [lat: number, lon: number];
  /** South-west and north-east corners. */
  box: readonly [south: number, west: number, north: number, east: number];
};

/** Longitude first, as the geocoder writes points ('37.617698 55.755864'). */
const pos = (lat: number, lon: number) => `${lon.toFixed(6)} ${lat.toFixed(6)}`;

/** Our places in the geocoder's reply shape. */
export function toGeocoderReply(request: string, results: number, places: readonly GeocodedPlace[]): GeocoderReply {
  return {
    response: {
      GeoObjectCollection: {
        metaDataProperty: { GeocoderResponseMetaData: { request, found: String(places.length), results: String(results) } },
        featureMember: places.slice(0, results).map((place) => ({
          GeoObject: {
            metaDataProperty: { GeocoderMetaData: { kind: place.kind, text: place.text, precision: place.kind === 'house' ? 'exact' : 'other' } },
            name: place.name,
            description: place.description,
            boundedBy: { Envelope: { lowerCorner: pos(place.box[0], place.box[1]), upperCorner: pos(place.box[2], place.box[3]) } },
            Point: { pos: pos(place.point[0], place.point[1]) },
          },
        })),
      },
    },
  };
}

/** Where a geocoder's answers come from: our own data, or the real service (GEOCODER_API_KEY). */
export type Geocoder = {
  /** Places matching an address (or, for 'lon,lat', the place there), best first, at most `results`. */
  geocode(request: string, results: number): Promise<GeocoderReply>;
};
