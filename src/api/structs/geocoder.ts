import { array, object, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** The part of the geocoder's JSON reply the map reads (and our own service writes). */
export const GeocoderReply = type({
  response: type({
    GeoObjectCollection: type({
      metaDataProperty: type({ GeocoderResponseMetaData: type({ request: string(), found: string(), results: string() }) }),
      featureMember: array(
        type({
          GeoObject: type({
            metaDataProperty: type({ GeocoderMetaData: type({ kind: string(), text: string(), precision: optional(string()) }) }),
            name: string(),
            description: optional(string()),
            boundedBy: optional(type({ Envelope: object({ lowerCorner: string(), upperCorner: string() }) })),
            Point: type({ pos: string() }),
          }),
        }),
      ),
    }),
  }),
});
/** The geocoder's reply. */
export type GeocoderReply = Infer<typeof GeocoderReply>;
