import { literal, number, object, optional, pattern, size, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** A signed link token from a notification mail: '{userId}.{purpose}.{day}.{signature}'. */
export const NotifyToken = pattern(size(string(), 1, 200), /^[0-9a-z._A-Z-]+$/);

/** `POST /105/api/email/unsubscribe` and `/email/subscribe` input (form, or the query of a one-click POST). */
export const NotifyTokenInput = object({ token: NotifyToken, 'List-Unsubscribe': optional(literal('One-Click')) });

/** Their reply: whose notifications (the address masked), whether they are on now, and the token that undoes it. */
export const NotifyChoiceReply = type({ email: string(), doNotify: number(), undoToken: string() });
/** The reply of (un)subscribing. */
export type NotifyChoiceReply = Infer<typeof NotifyChoiceReply>;

/** `GET /105/api/push/key` reply: the VAPID public key (base64url) to subscribe with. */
export const PushKeyReply = type({ publicKey: string() });

/** `POST /105/api/push/subscribe` body: the browser's PushSubscription (as its toJSON() gives it, flattened). */
export const PushSubscribeInput = object({
  // Any text here: the server's own check (https, port 443, public addresses only) answers 400 with the reason.
  endpoint: size(string(), 1, 2000),
  p256dh: pattern(size(string(), 40, 200), /^[A-Za-z0-9_-]+=*$/),
  auth: pattern(size(string(), 10, 100), /^[A-Za-z0-9_-]+=*$/),
});
/** `POST /105/api/push/subscribe` reply. */
export const PushSubscribedReply = type({ id: number() });
/** `POST /105/api/push/unsubscribe` body. */
export const PushUnsubscribeInput = object({ endpoint: pattern(size(string(), 12, 2000), /^https:\/\/\S+$/) });
/** `POST /105/api/push/unsubscribe` reply. */
export const PushUnsubscribedReply = type({ deleted: number() });

/** `POST /105/api/sandbox/fines` body (SANDBOX_CONTROL=1): a document, and optionally the amount, the КоАП article and the ruling's date (DD.MM.YYYY or YYYY-MM-DD). */
export const SandboxFineInput = object({
  type: pattern(string(), /^(sts|dl|inn|car)$/),
  sts: optional(string()),
  vehiclePlateNumber: optional(string()),
  vehiclePlateRegion: optional(string()),
  driverLicense: optional(string()),
  inn: optional(string()),
  car: optional(string()),
  amount: optional(pattern(string(), /^[1-9]\d{0,6}$/)),
  article: optional(pattern(string(), /^\d{1,2}\.\d{1,2}(\.\d{1,2})?(\sч\.\s?\d)?$/)),
  /** Checked by the route (server/notifications/sandboxRulingDate.ts), so that a bad date gets its own message. */
  rulingDate: optional(string()),
});
/** Its reply: the new ruling's УИН and the document key it was issued to. */
export const SandboxFineReply = type({ uin: string(), subjectKey: string() });

/** `POST /105/api/sandbox/recheck` reply; `pushesQueued`: pushes started, which arrive in the background. */
export const RecheckReply = type({ checked: number(), newItems: number(), mailsSent: number(), pushesQueued: number() });

