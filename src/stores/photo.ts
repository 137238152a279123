import { map } from 'nanostores';
import { fetchPhotoOnce } from '../api/photo.ts';
import type { PhotoTarget } from '../api/photo.ts';
import type { Photo } from '../api/structs/photo.ts';
import { userMessage } from '../api/userMessage.ts';
import { ApiReplyError } from '../api/errors.ts';

/** Stop asking after this many `wait` answers: the photo will not come in this visit. */
export const MAX_PHOTO_WAITS = 30;

/** Waits; through setTimeout so tests can drive it with fake timers. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Fetches a fine's photos (spec §4): `wait` means ask again after `wait.timeout` seconds; `error`
 * throws its errorDesc (ApiReplyError); `ok` resolves with the photos; a reply of another shape throws
 * 'Unexpected response' (spec §8).
 */
export async function fetchPhotos(target: PhotoTarget): Promise<Photo[]> {
  for (let waits = 0; ; waits++) {
    const answer = await fetchPhotoOnce(target);
    if (answer.status === 'ok') return answer.photos;
    if (waits >= MAX_PHOTO_WAITS) throw new Error('Photo is not ready');
    await pause(Math.max(0, answer.timeout) * 1000);
  }
}

/** The photo strip of the fine on the page. */
export type PhotoState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; photos: Photo[] }
  | { state: 'missing'; message: string }
  | { state: 'error'; message: string };

/** Photos of the fine on the page. */
export const $photos = map<{ current: PhotoState }>({ current: { state: 'idle' } });

/** Loads the photos into $photos; a ruling without a camera (the API's 404 error) is "missing", not an error. */
export async function loadPhotos(target: PhotoTarget): Promise<void> {
  $photos.setKey('current', { state: 'loading' });
  try {
    $photos.setKey('current', { state: 'ready', photos: await fetchPhotos(target) });
  } catch (error) {
    if (error instanceof ApiReplyError && error.status === 404) {
      $photos.setKey('current', { state: 'missing', message: error.errorDesc });
    } else {
      $photos.setKey('current', { state: 'error', message: userMessage(error) });
    }
  }
}
