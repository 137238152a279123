import { array, number, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** One photo of a violation; `url` is a path on the API host (an SVG image). */
export const Photo = type({ url: string(), width: number(), height: number(), title: string() });
/** One photo. */
export type Photo = Infer<typeof Photo>;

/** `GET /105/api/photo` ok reply (the endpoint also answers `wait` with `{ timeout }`, see envelope.ts). */
export const PhotoReply = type({ photos: array(Photo) });
/** Photo response. */
export type PhotoReply = Infer<typeof PhotoReply>;
