import { any, array, enums, literal, number, object, optional, pattern, size, string, type, union } from 'superstruct';
import type { Infer } from 'superstruct';
import { TRACKING_CHANNEL } from '../../lib/trackingPrivacy.ts';
import { textField, UserId } from './fields.ts';

export { TRACKING_CHANNEL };

/** A trackingId: the UUID kept in local storage under userTrackingId. */
export const TrackingId = pattern(string(), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/** A session token as the site keeps it. */
const SessionText = pattern(string(), /^[0-9a-f]{64}$/);
/** Free-form params: an object, or its JSON text (the spec's form sends text); personal data is stripped on arrival. */
const Params = optional(any());

/** `POST /105/api/tracking` (spec §7): userId, event, params, channel WebVersion, session. */
export const TrackingEventInput = object({
  userId: UserId,
  event: textField(100),
  params: Params,
  channel: optional(literal(TRACKING_CHANNEL)),
  session: SessionText,
});

/** `POST /105/api/tracking/loadedScreen` (spec §3 action logging): a screen shown. */
export const ScreenEventInput = object({
  trackingId: TrackingId,
  userId: optional(UserId),
  session: optional(SessionText),
  screenName: textField(200),
  referer: optional(string()),
  screenData: Params,
});

/** `POST /105/api/tracking/submittedForm`: a form sent (formName, formData) or a button pressed (buttonName, buttonData). */
export const FormEventInput = object({
  trackingId: TrackingId,
  userId: optional(UserId),
  session: optional(SessionText),
  formName: optional(textField(100)),
  formData: Params,
  buttonName: optional(textField(100)),
  buttonData: Params,
});

/** One event of a batch the site's sender flushes. */
export const BatchedEvent = union([
  object({ type: literal('screen'), screenName: textField(200), referer: optional(string()), screenData: Params, at: optional(number()) }),
  object({ type: literal('form'), formName: textField(100), formData: Params, at: optional(number()) }),
  object({ type: literal('button'), buttonName: textField(100), buttonData: Params, at: optional(number()) }),
  object({ type: literal('event'), event: textField(100), params: Params, at: optional(number()) }),
]);

/** `POST /105/api/tracking/batch` (JSON, sent with navigator.sendBeacon): up to 50 events of one visitor. */
export const TrackingBatchInput = object({
  trackingId: TrackingId,
  userId: UserId,
  session: SessionText,
  channel: optional(literal(TRACKING_CHANNEL)),
  appVersion: optional(size(string(), 0, 40)),
  events: size(array(BatchedEvent), 1, 50),
});
/** A batch as the sender builds it. */
export type TrackingBatch = Infer<typeof TrackingBatchInput>;
/** One batched event. */
export type BatchedEvent = Infer<typeof BatchedEvent>;

/** Reply of every tracking call: how many events were stored. */
export const TrackingReply = type({ stored: number() });

/** Kinds of stored events. */
export const EVENT_KINDS = enums(['event', 'screen', 'form', 'button']);
