import type { Context } from 'hono';
import { looksPersonal, safeParams, safePath } from '../../src/lib/trackingPrivacy.ts';
import { BUTTON_NAME, isKnownEvent, isKnownForm, SCREEN_NAME } from '../../src/lib/trackingNames.ts';
import { REWRITES } from '../../src/lib/rewrites.ts';
import { TRACKING_CHANNEL } from '../../src/api/structs/tracking.ts';
import type { BatchedEvent } from '../../src/api/structs/tracking.ts';
import type { NewTrackingEvent } from './eventWriter.ts';

/** Who sent an event and from what: the request's device headers (spec §3) and the verified user. */
export type EventSource = { userId: number | null; trackingId: string | null; deviceId: string | null; appVersion: string | null; now: Date };

/** A device id as apps make one: a UUID. */
const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An app version: dotted numbers with an optional short suffix ('0.1.0', '2.14.3-beta.1'). */
const APP_VERSION = /^\d{1,5}(\.\d{1,5}){0,3}([-+][0-9A-Za-z.]{1,20})?$/;

/** A DeviceId header kept only when it is a UUID (lower-cased); anything else may be typed text and is dropped. */
export function safeDeviceId(value: string | undefined): string | null {
  const id = value?.trim() ?? '';
  return DEVICE_ID.test(id) ? id.toLowerCase() : null;
}

/** An app version kept only when it is a short version string; anything else is dropped. */
export function safeAppVersion(value: string | undefined): string | null {
  const version = value?.trim() ?? '';
  return APP_VERSION.test(version) ? version : null;
}

/** The device headers of a tracking call (DeviceId, AppVersion), each dropped unless it has its strict form; DeviceTimestamp is the client's clock and is not trusted. */
export function deviceHeaders(c: Context): { deviceId: string | null; appVersion: string | null } {
  return { deviceId: safeDeviceId(c.req.header('DeviceId')), appVersion: safeAppVersion(c.req.header('AppVersion')) };
}

/** The pages whose address carries a parameter (a share hash, a reset token, a fine id): their pattern segments. */
const PARAMETER_PAGES = REWRITES.filter((rewrite) => rewrite.from.includes('*')).map((rewrite) => rewrite.from.split('/'));

/**
 * Screen-name prefixes of those pages ('reset' for the password-reset page, 'finesinfo' for a fine's
 * share page), longest first: the site's screen name is the path without slashes, so what follows a
 * prefix is the parameter.
 */
const PARAMETER_PREFIXES = PARAMETER_PAGES.map((segments) => segments.join('/').split('*')[0]?.replaceAll('/', '') ?? '').sort((a, b) => b.length - a.length);

/** A screen name with a page's parameter masked (`reset{id}`), or `{id}` for a name that is not a page path or looks personal. */
export function safeScreenName(name: string): string {
  const prefix = PARAMETER_PREFIXES.find((p) => name.startsWith(p));
  if (prefix !== undefined && name.length > prefix.length) return `${prefix}{id}`;
  return SCREEN_NAME.test(name) && !looksPersonal(name) ? name : '{id}';
}

/** A referer without query and hash, personal segments and the parameters of our own pages masked ('/fines/info/{id}/'). */
export function safeReferer(referer: string): string {
  const path = safePath(referer);
  const origin = /^https?:\/\/[^/]+/i.exec(path)?.[0] ?? '';
  const segments = path.slice(origin.length).split('/');
  for (const pattern of PARAMETER_PAGES) {
    if (pattern.length !== segments.length) continue;
    const matches = pattern.every((part, i) => {
      const [before = '', after] = part.split('*');
      const segment = segments[i] ?? '';
      return after === undefined ? part === segment : segment.length > before.length + after.length && segment.startsWith(before) && segment.endsWith(after);
    });
    if (matches) return origin + pattern.map((part) => part.replace('*', '{id}')).join('/');
  }
  return path;
}

/** Why an event is not stored: its name is none the site sends (events, forms) or not one code would write (buttons). */
export type RefusedName = { refused: 'event' | 'form' | 'button'; name: string };

/** The name an event is stored under, or why it is refused. */
export function acceptedName(event: BatchedEvent): string | RefusedName {
  switch (event.type) {
    case 'screen':
      return safeScreenName(event.screenName);
    case 'form':
      return isKnownForm(event.formName) ? event.formName : { refused: 'form', name: event.formName };
    case 'button':
      return BUTTON_NAME.test(event.buttonName) && !looksPersonal(event.buttonName) ? event.buttonName : { refused: 'button', name: event.buttonName };
    case 'event':
      return isKnownEvent(event.event) ? event.event : { refused: 'event', name: event.event };
  }
}

/** A stored row for one event, or undefined when its name is refused; params go through the same personal-data filter as on the page. */
export function eventRow(source: EventSource, event: BatchedEvent): NewTrackingEvent | undefined {
  const name = acceptedName(event);
  if (typeof name !== 'string') return undefined;
  const base = {
    created_at: source.now,
    user_id: source.userId,
    tracking_id: source.trackingId,
    channel: TRACKING_CHANNEL,
    device_id: source.deviceId,
    app_version: source.appVersion,
    referer: null as string | null,
    kind: event.type,
    name,
  };
  switch (event.type) {
    case 'screen':
      return { ...base, referer: event.referer === undefined || event.referer === '' ? null : safeReferer(event.referer), params: JSON.stringify(safeParams(event.screenData)) };
    case 'form':
      return { ...base, params: JSON.stringify(safeParams(event.formData)) };
    case 'button':
      return { ...base, params: JSON.stringify(safeParams(event.buttonData)) };
    case 'event':
      return { ...base, params: JSON.stringify(safeParams(event.params)) };
  }
}
