import type { TrackingBatch } from './structs/tracking.ts';
import { API_BASE as apiBase } from './apiBase.ts';

// Not through the API client: every page carries the sender, and it must stay a few hundred bytes,
// without ofetch and superstruct (replies are not read: a beacon has none).

/** Where the site's sender posts its batches. */
export const TRACKING_BATCH_PATH = '/105/api/tracking/batch';

/** How a batch leaves the page: navigator.sendBeacon where there is one (it survives the page closing), else fetch with keepalive. */
export type BeaconLike = (url: string, body: string) => boolean;

/**
 * Sends one batch: JSON as text/plain, which a beacon may send to another origin without a
 * preflight; the server reads it as JSON. Nothing is awaited: analytics never hold a page up.
 */
export function sendTrackingBatch(batch: TrackingBatch, beacon: BeaconLike | undefined = defaultBeacon()): void {
  // A string body goes as text/plain;charset=UTF-8, which needs no CORS preflight.
  const body = JSON.stringify(batch);
  const url = `${apiBase}${TRACKING_BATCH_PATH}`;
  if (beacon !== undefined && beacon(url, body)) return;
  void globalThis.fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, keepalive: true, credentials: 'omit' }).catch(() => undefined);
}

/** The browser's sendBeacon, bound, when the page has one. */
function defaultBeacon(): BeaconLike | undefined {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return undefined;
  return (url, body) => navigator.sendBeacon(url, body);
}
