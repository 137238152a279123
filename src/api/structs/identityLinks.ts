import { boolean, number, object, pattern, string, type } from 'superstruct';
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
