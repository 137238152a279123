import { array, coerce, enums, integer, literal, max, min, nullable, number, object, pattern, size, string, type, union } from 'superstruct';
import type { Infer } from 'superstruct';
import { Id, Kopecks } from './fields.ts';

/** Whole roubles of a limit (a person's document or a fleet): 1 to 1 000 000 (a number, or its digits in a form). */
export const LimitRub = coerce(max(min(integer(), 1), 1_000_000), pattern(string(), /^\d{1,7}$/), Number);

/** `PUT /105/api/autopay/rule` body: turn autopay on for one of the user's documents with its limits. */
export const AutopayRuleInput = object({ documentKind: enums(['sts', 'dl']), documentId: Id, maxFineRub: LimitRub, monthlyRub: LimitRub });
/** The body above, as sent. */
export type AutopayRuleInput = Infer<typeof AutopayRuleInput>;

/** `POST /105/api/autopay/cancel` body: the signed token of a mailed cancel link. */
export const AutopayCancelInput = object({ token: pattern(size(string(), 1, 200), /^[0-9A-Za-z._-]+$/) });

/** The bound card as shown: the mask and expiry only. */
export const AutopayCard = type({ mask: string(), expiry: string() });

/** A document with autopay on. */
export const AutopayRule = type({ id: number(), documentKind: enums(['sts', 'dl']), documentId: number(), document: string(), maxFineKopecks: Kopecks, monthlyKopecks: Kopecks });

/** A fine autopay found, and what became of it. */
export const AutopayCharge = type({
  id: number(),
  /** The fine's id (its page: /fines/{id}/). */
  fineId: number(),
  uin: string(),
  amountKopecks: Kopecks,
  discountLastDay: string(),
  status: enums(['scheduled', 'charging', 'retry', 'paid', 'cancelled', 'skipped', 'paid_elsewhere', 'over_limit', 'declined', 'expired']),
  chargeAt: string(),
  reason: nullable(string()),
  receiptHash: nullable(string()),
});
/** One charge, as the profile lists it. */
export type AutopayCharge = Infer<typeof AutopayCharge>;

/** `GET /105/api/autopay` reply: the card, the documents with autopay, the fines it found, and the documents it could be turned on for. */
export const AutopayState = type({
  available: union([literal(true), literal(false)]),
  card: nullable(AutopayCard),
  rules: array(AutopayRule),
  charges: array(AutopayCharge),
  documents: array(type({ documentKind: enums(['sts', 'dl']), documentId: number(), document: string() })),
});
/** The reply above. */
export type AutopayState = Infer<typeof AutopayState>;

/** `POST /105/api/autopay/card` reply: the gateway page to bind the card at. */
export const AutopayBindingReply = type({ redirectUrl: string() });

/** `POST /105/api/autopay/cancel` reply: what was cancelled. */
export const AutopayCancelReply = type({ uin: string(), amountKopecks: Kopecks, cancelled: union([literal(true), literal(false)]), status: string() });
