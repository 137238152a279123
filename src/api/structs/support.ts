import { coerce, define, literal, number, object, optional, pattern, refine, string, type } from 'superstruct';
import type { Infer, Struct } from 'superstruct';
import { maxLengthMessage, minLengthMessage } from '../../lib/validationMessages.ts';
import { EmailAddress } from './account.ts';
import { UserId } from './fields.ts';

/** Shortest message a ticket may have (anything shorter cannot say what happened). */
export const SUPPORT_MIN_LENGTH = 10;
/** Longest message a ticket may have. */
export const SUPPORT_MAX_LENGTH = 5000;

/** A message that may span lines: trimmed, `min`–`max` characters, no control characters but newlines and tabs; empty counts as absent. */
function messageField(min: number, max: number): Struct<string, null> {
  // The length rule carries its own Russian message, so the answer says how long the message must be.
  const long = refine(string(), 'length', (value) => (value.length < min ? minLengthMessage(min) : value.length > max ? maxLengthMessage(max) : true));
  const text = pattern(long, /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/);
  return coerce(text, define<unknown>('text', () => true), (value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.replace(/\r\n/g, '\n').trim();
    return trimmed === '' ? undefined : trimmed;
  });
}

/** `struct`, with an empty string counting as absent (the site sends user_id '' before the visitor has one). */
function optionalText<T>(struct: Struct<T, null>): Struct<T, null> {
  return coerce(struct, literal(''), () => undefined as unknown as T);
}

/**
 * `POST /105/api/support/create` (form) and `/support/ticket` (JSON) body (spec §3 "Support ticket
 * request", §7): email, content, user_platform, user_app_version, user_id. The platform is checked by
 * the spec §5 rule in the route; user_id is kept only when the request's session proves it.
 */
export const SupportTicketInput = object({
  email: EmailAddress,
  content: messageField(SUPPORT_MIN_LENGTH, SUPPORT_MAX_LENGTH),
  user_platform: optional(string()),
  user_app_version: optional(pattern(string(), /^[0-9A-Za-z.+_-]{0,40}$/)),
  user_id: optional(optionalText(UserId)),
});
/** A ticket as the form sends it. */
export type SupportTicketInput = Infer<typeof SupportTicketInput>;

/** The reply: the ticket's number (spec §5: creation succeeds only when the reply has an id). */
export const SupportTicketReply = type({ id: number() });
