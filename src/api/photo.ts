import { waitableEnvelope } from './structs/envelope.ts';
import { PhotoReply } from './structs/photo.ts';
import type { Photo } from './structs/photo.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiRequest } from './client.ts';

const photoReply = waitableEnvelope(PhotoReply);

/** Whose photo: a fine of the user (with credentials) or a shared fine by its hash (anonymous). */
export type PhotoTarget = { fineId: number; auth: Credentials } | { hash: string };

/** One answer of the photo endpoint: the photos, or "ask again in `timeout` seconds". An error reply is thrown as ApiReplyError. */
export type PhotoAnswer = { status: 'ok'; photos: Photo[] } | { status: 'wait'; timeout: number };

/** `GET /105/api/photo`: one request, no polling (the photo store polls). */
export async function fetchPhotoOnce(target: PhotoTarget): Promise<PhotoAnswer> {
  const reply =
    'hash' in target
      ? await apiRequest('/105/api/photo', photoReply, { query: { hash: target.hash } })
      : await apiRequest('/105/api/photo', photoReply, { query: { fineId: String(target.fineId) }, auth: target.auth });
  if (reply.status === 'ok') return { status: 'ok', photos: reply.response.photos };
  if (reply.status === 'wait') return { status: 'wait', timeout: reply.response.timeout };
  // An error envelope was already thrown by the client; anything else is not this endpoint's reply.
  throw new Error('Unexpected response');
}
