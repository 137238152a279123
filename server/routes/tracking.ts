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
import { acceptedName, deviceHeaders, eventRow, safeAppVersion } from '../platform/trackingEvents.ts';
import { BUTTON_NAME } from '../../src/lib/trackingNames.ts';
import { looksPersonal } from '../../src/lib/trackingPrivacy.ts';

/** Spec §5, action logging: the text for a missing field. */
export const requiredFieldMessage = (field: string) => `Поле "${field}" обязательно для заполнения`;
/** Spec §5, tracking events: a Russian message naming the missing field. */
export const missingEventFieldMessage = (field: string) => `В событии не указано обязательное поле "${field}"`;

/** What a refused name is called in the answer. */
const REFUSED_TEXT = { event: 'Неизвестное событие аналитики', form: 'Неизвестная форма', button: 'Неизвестная кнопка' } as const;

/**
 * A call that reports one event with a name the site does not send is refused (400), so its sender
 * learns of it; a batch only drops such events and stores the rest, since a beacon's reply is never
 * read and one stale event must not lose the others. The name is repeated only when it is an
 * identifier that cannot hold personal data.
 */
function refuseUnknown(event: BatchedEvent): void {
  const name = acceptedName(event);
  if (typeof name === 'string') return;
  const shown = BUTTON_NAME.test(name.name) && !looksPersonal(name.name) ? `: «${name.name}»` : '';
  throw new ApiError(400, `${REFUSED_TEXT[name.refused]}${shown}`);
}

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
  /** Stores the events whose names are accepted (the others are dropped: see refuseUnknown) and answers how many were. */
  const store = async (c: Context<AppEnv>, userId: number | null, trackingId: string | null, events: readonly BatchedEvent[], appVersion?: string) => {
    const device = deviceHeaders(c);
    const source = { userId, trackingId, deviceId: device.deviceId, appVersion: appVersion === undefined ? device.appVersion : safeAppVersion(appVersion), now: deps.clock() };
    const rows = events.flatMap((event) => eventRow(source, event) ?? []);
    await writer.write(rows);
    return ok(c, { stored: rows.length });
  };

  routes.post('/tracking', perAddress, async (c) => {
    const body = await bodyFields(c, { textAsJson: true });
    const missing = firstMissing(body, ['userId', 'event', 'params', 'session']);
    if (missing !== undefined) throw new ApiError(400, missingEventFieldMessage(missing));
    const input = checked(TrackingEventInput, body);
    const userId = await verifiedUser(input.userId, input.session);
    const event: BatchedEvent = { type: 'event', event: input.event, params: input.params };
    refuseUnknown(event);
    return store(c, userId, null, [event]);
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
    refuseUnknown(event);
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
