import { boolean, enums, number, object, pattern, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** A one-time token of ours: 43 URL-safe characters (256 bit). */
const OneTimeToken = pattern(string(), /^[A-Za-z0-9_-]{43}$/);

/** What a device held without an account when it signed in by a mailed link: offered, not yet moved. */
export const DeviceDataOffer = type({ documents: number(), payments: number(), searches: number(), mergeToken: string() });
/** The device's offer. */
export type DeviceDataOffer = Infer<typeof DeviceDataOffer>;

/** `POST /105/api/user/merge` body: the device confirms that its data joins the account. */
export const MergeInput = object({ mergeToken: OneTimeToken });
/** `POST /105/api/user/merge` reply. */
export const MergeReply = type({ merged: boolean() });

/** `POST /105/api/handoff` body: the platform the page's session is for (spec §3: web or chromeExtension), said explicitly. */
export const HandoffInput = object({ platform: enums(['web', 'chromeExtension']) });
/** `POST /105/api/handoff` reply: the one-time code to put in the page's address as `?handoff=`, and when it stops working. */
export const HandoffReply = type({ code: string(), expiresAt: string() });

/** `POST /105/api/handoff/exchange` body: the code the page found in its address. */
export const HandoffExchangeInput = object({ code: OneTimeToken });
/** `POST /105/api/handoff/exchange` reply: a new session of the code's user (spec §3 auth data) and its platform. */
export const HandoffExchangeReply = type({ userId: number(), session: string(), rand: string(), salt: string(), platform: enums(['web', 'chromeExtension']) });
/** A session handed over to a page. */
export type HandoffExchangeReply = Infer<typeof HandoffExchangeReply>;
