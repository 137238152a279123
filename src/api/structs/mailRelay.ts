import { array, boolean, enums, integer, max, min, object, optional, pattern, size, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** Standard base64 (RFC 4648 §4), padded; the relay refuses anything else. */
export const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** `POST /105/api/mail/send` body (spec §3 "Mail"): hash, meta, data, each base64. */
export const MailSendInput = object({
  hash: size(string(), 1, 200),
  meta: size(string(), 1, 2_000),
  data: size(string(), 1, 12_000),
});

/** The templates the relay sends; nothing else goes out through it. */
export const MAIL_TEMPLATES = ['fineDetails', 'feedback'] as const;

/** Decoded `meta`: which template, to whom (`self` is the account's own address). */
export const MailMeta = object({ template: enums(MAIL_TEMPLATES), to: size(string(), 1, 254) });

/** `fineDetails` data: a fine the user wants in their own mailbox (title, up to 10 lines, a link to our page). */
export const FineDetailsData = object({
  title: size(string(), 1, 200),
  lines: size(array(size(string(), 0, 200)), 0, 10),
  path: pattern(string(), /^\/[A-Za-z0-9/_-]{0,200}$/),
});

/** `feedback` data: a rating and a comment for the team. */
export const FeedbackData = object({ rating: min(max(integer(), 5), 1), text: size(string(), 0, 2_000), page: optional(pattern(string(), /^\/[A-Za-z0-9/_-]{0,200}$/)) });

/** The reply. */
export const MailSentReply = type({ sent: boolean() });
/** Decoded meta. */
export type MailMeta = Infer<typeof MailMeta>;
