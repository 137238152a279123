import type { Context } from 'hono';
import { looksPersonal, safeParams, safePath } from '../../src/lib/trackingPrivacy.ts';
import { TRACKING_CHANNEL } from '../../src/api/structs/tracking.ts';
import type { BatchedEvent } from '../../src/api/structs/tracking.ts';
import type { NewTrackingEvent } from './eventWriter.ts';

/** Who sent an event and from what: the request's device headers (spec §3) and the verified user. */
export type EventSource = { userId: number | null; trackingId: string | null; deviceId: string | null; appVersion: string | null; now: Date };

/** The device headers of a tracking call (DeviceId, AppVersion), trimmed and bounded; DeviceTimestamp is the client's clock and is not trusted. */
export function deviceHeaders(c: Context): { deviceId: string | null; appVersion: string | null } {
  const bounded = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim().slice(0, 64));
  return { deviceId: bounded(c.req.header('DeviceId')), appVersion: bounded(c.req.header('AppVersion')) };
}

/** A stored row for one event; params go through the same personal-data filter as on the page. */
export function eventRow(source: EventSource, event: BatchedEvent): NewTrackingEvent {
  const base = {
    created_at: source.now,
    user_id: source.userId,
    tracking_id: source.trackingId,
    channel: TRACKING_CHANNEL,
    device_id: source.deviceId,
    app_version: source.appVersion,
    referer: null as string | null,
  };
  switch (event.type) {
    case 'screen':
      return { ...base, kind: 'screen', name: looksPersonal(event.screenName) ? '{id}' : event.screenName, referer: event.referer === undefined || event.referer === '' ? null : safePath(event.referer), params: JSON.stringify(safeParams(event.screenData)) };
    case 'form':
      return { ...base, kind: 'form', name: event.formName, params: JSON.stringify(safeParams(event.formData)) };
    case 'button':
      return { ...base, kind: 'button', name: event.buttonName, params: JSON.stringify(safeParams(event.buttonData)) };
    case 'event':
      return { ...base, kind: 'event', name: event.event, params: JSON.stringify(safeParams(event.params)) };
  }
}
