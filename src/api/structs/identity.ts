import { coerce, define, number, object, optional, pattern, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { StsNumber } from './fields.ts';
import { CarId } from './carId.ts';

/** `GET /105/api/client` reply: a new client id to register with. */
export const ClientReply = type({ clientId: string() });

/** `POST /105/api/newuser` body: clientId from /client, channel (e.g. "fine"), and optionally a first vehicle (sts with plate, e.g. "А123ВС77"). */
export const NewUserInput = object({
  clientId: pattern(string(), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  channel: optional(
    coerce(pattern(string(), /^[A-Za-z][A-Za-z0-9_-]{0,31}$/), define<unknown>('text', () => true), (v) =>
      typeof v === 'string' ? v.trim() || undefined : v,
    ),
  ),
  sts: optional(StsNumber),
  plate: optional(CarId),
  /** Spec §5 platform name: web (default) or chromeExtension; the route refuses anything else with 400. */
  platform: optional(string()),
  /** The version of the search form's consent text the visitor accepted by searching (152-ФЗ ст. 9); recorded with the time. */
  consentVersion: optional(pattern(string(), /^[\w.-]{1,40}$/)),
});
/** Body of registering. */
export type NewUserInput = Infer<typeof NewUserInput>;

/** `POST /105/api/newuser` reply: the stored auth data (spec §3) of the new anonymous user. */
export const NewUserReply = type({ userId: number(), session: string(), rand: string(), salt: string() });
/** Reply of registering. */
export type NewUserReply = Infer<typeof NewUserReply>;
