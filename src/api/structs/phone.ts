import { coerce, define, enums, literal, nullable, number, object, optional, pattern, refine, string, type } from 'superstruct';
import type { Infer, Struct } from 'superstruct';
import { NOT_A_MOBILE, russianMobile } from '../../lib/mobilePhone.ts';
import { Flag, LoginReply } from './account.ts';

/** A Russian mobile number as typed ('+7 (916) 123-45-67', '89161234567'), stored as '79161234567'. */
export const MobileNumber = coerce(
  refine(string(), 'mobile', (value) => (/^79\d{9}$/.test(value) ? true : NOT_A_MOBILE)),
  define<unknown>('text', () => true),
  (value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return value;
    const text = String(value).trim();
    if (text === '') return undefined;
    return russianMobile(text) ?? text.slice(0, 40);
  },
) as unknown as Struct<string, null>;

/** A code from an SMS: 6 digits (spaces people type between them are dropped). */
export const SmsCode = coerce(pattern(string(), /^\d{6}$/), string(), (value) => value.replace(/\s/g, ''));

/** `POST /105/api/phone/code` body: the number, and whether the code signs in or adds the phone to the signed-in account. */
export const PhoneCodeRequest = object({ phone: MobileNumber, purpose: optional(enums(['login', 'link'])) });
/** `POST /105/api/phone/code` reply: where the code went (masked), how long it lives, when another may be asked for. */
export const PhoneCodeSent = type({ phone: string(), expiresInSec: number(), resendAfterSec: number() });
/** A code sent. */
export type PhoneCodeSent = Infer<typeof PhoneCodeSent>;

/** `POST /105/api/phone/link` body: the number and its code. */
export const PhoneCodeCheck = object({ phone: MobileNumber, code: SmsCode });
/** `POST /105/api/phone/login` body: a new account's choices come along (an organization, the consent's version). */
export const PhoneLoginInput = object({ phone: MobileNumber, code: SmsCode, isLegalEntity: optional(Flag), consentVersion: optional(pattern(string(), /^[0-9A-Za-z._-]{1,32}$/)) });

/** `POST /105/api/phone/login` reply: a session, as after a password (the code was typed on this device). */
export const PhoneLoginReply = LoginReply;

/** `GET /105/api/user/phone` and `POST /105/api/phone/link` reply: the account's phone ('+7 916 123-45-67') or null. */
export const PhoneReply = type({ phone: nullable(string()) });
/** The account's phone. */
export type PhoneReply = Infer<typeof PhoneReply>;

/** `DELETE /105/api/user/phone` reply. */
export const PhoneRemoved = type({ removed: literal(true) });
