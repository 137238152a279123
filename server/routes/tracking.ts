import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Struct } from 'superstruct';
import { validate } from 'superstruct';
import { FormEventInput, ScreenEventInput, TrackingBatchInput, TrackingEventInput } from '../../src/api/structs/tracking.ts';
import type { BatchedEvent } from '../../src/api/structs/tracking.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { sessionOwnedBy } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyFields } from '../http/input.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { createEventWriter } from '../platform/eventWriter.ts';
import { deviceHeaders, eventRow } from '../platform/trackingEvents.ts';

/** Spec §5, action logging: the text for a missing field. */
export const requiredFieldMessage = (field: string) => `Поле "${field}" обязательно для заполнения`;
/** Spec §5, tracking events: a Russian message naming the missing field. */
export const missingEventFieldMessage = (field: string) => `В событии не указано обязательное поле "${field}"`;

/** The first of `fields` that is absent or empty. */
const firstMissing = (body: Record<string, unknown>, fields: readonly string[]) => fields.find((field) => body[field] === undefined || body[field] === null || body[field] === '');

/** Checks a body against a struct; a failing field gets the spec's wording. */
function checked<T, S>(struct: Struct<T, S>, body: unknown): T {
  const [error, value] = validate(body, struct, { coerce: true, mask: true });
  if (error === undefined) return value;
  const failure = error.failures()[0] ?? error;
  const field = failure.path.map(String).join('.') || 'body';
  if (failure.value === undefined || failure.value === '') throw new ApiError(400, requiredFieldMessage(field));
  throw new ApiError(422, `Поле "${field}" заполнено неверно`);
}

/** Analytics (spec §3 "Tracking event", §7 "Tracking"): events and action logging, stored without personal data. */
export function trackingRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const writer = createEventWriter(deps.db);
  const perAddress = rateLimit(deps.limiter, { name: 'tracking', limit: deps.trackingRateLimit ?? 600, windowMs: 60_000, trustProxy: deps.trustProxy });

  /** The user the events are counted for: only one whose session the call proves; otherwise none. */
  const verifiedUser = async (userId: string | undefined, session: string | undefined): Promise<number | null> => {
    if (userId === undefined || session === undefined) return null;
    if (!(await sessionOwnedBy(deps, session, Number(userId)))) throw new ApiError(401, 'Сессия недействительна, войдите заново');
    return Number(userId);
  };
  const store = async (c: Context<AppEnv>, userId: number | null, trackingId: string | null, events: readonly BatchedEvent[], appVersion?: string) => {
    const device = deviceHeaders(c);
    const source = { userId, trackingId, deviceId: device.deviceId, appVersion: appVersion ?? device.appVersion, now: deps.clock() };
    await writer.write(events.map((event) => eventRow(source, event)));
    return ok(c, { stored: events.length });
  };

  routes.post('/tracking', perAddress, async (c) => {
    const body = await bodyFields(c, { textAsJson: true });
    const missing = firstMissing(body, ['userId', 'event', 'params', 'session']);
    if (missing !== undefined) throw new ApiError(400, missingEventFieldMessage(missing));
    const input = checked(TrackingEventInput, body);
    const userId = await verifiedUser(input.userId, input.session);
    return store(c, userId, null, [{ type: 'event', event: input.event, params: input.params }]);
  });

  routes.post('/tracking/loadedScreen', perAddress, async (c) => {
    const body = await bodyFields(c, { textAsJson: true });
    const missing = firstMissing(body, ['trackingId', 'screenName']);
    if (missing !== undefined) throw new ApiError(400, requiredFieldMessage(missing));
    const input = checked(ScreenEventInput, body);
    const userId = await verifiedUser(input.userId, input.session);
    return store(c, userId, input.trackingId, [{ type: 'screen', screenName: input.screenName, referer: input.referer, screenData: input.screenData }]);
  });

  routes.post('/tracking/submittedForm', perAddress, async (c) => {
    const body = await bodyFields(c, { textAsJson: true });
    const missing = firstMissing(body, ['trackingId']) ?? (firstMissing(body, ['formName']) !== undefined && firstMissing(body, ['buttonName']) !== undefined ? 'formName' : undefined);
    if (missing !== undefined) throw new ApiError(400, requiredFieldMessage(missing));
    const input = checked(FormEventInput, body);
    const userId = await verifiedUser(input.userId, input.session);
    const event: BatchedEvent =
      input.formName !== undefined ? { type: 'form', formName: input.formName, formData: input.formData } : { type: 'button', buttonName: input.buttonName ?? '', buttonData: input.buttonData };
    return store(c, userId, input.trackingId, [event]);
  });

  routes.post('/tracking/batch', perAddress, async (c) => {
    const body = await bodyFields(c, { textAsJson: true });
    const missing = firstMissing(body, ['trackingId', 'userId', 'session', 'events']);
    if (missing !== undefined) throw new ApiError(400, requiredFieldMessage(missing));
    const input = checked(TrackingBatchInput, body);
    const userId = await verifiedUser(input.userId, input.session);
    return store(c, userId, input.trackingId, input.events, input.appVersion);
  });

  return routes;
}
