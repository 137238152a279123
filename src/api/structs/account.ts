import { boolean, coerce, define, enums, literal, nullable, number, object, optional, pattern, size, string, type, union } from 'superstruct';
import type { Infer, Struct } from 'superstruct';
import { normalizeEmail } from '../../lib/email.ts';
import { validatedField } from './fields.ts';
import { DeviceDataOffer } from './identityLinks.ts';

/** An e-mail address, trimmed and lower-cased (spec §5 rule and message). */
export const EmailAddress = validatedField('email', normalizeEmail);

/** A 0/1 flag as forms send it ('0', '1', 0, 1, 'true', 'false'). */
export const Flag = coerce(enums([0, 1]), define<unknown>('flag', () => true), (value) => {
  if (value === '1' || value === 1 || value === true || value === 'true') return 1;
  if (value === '0' || value === 0 || value === false || value === 'false') return 0;
  return value;
}) as unknown as Struct<0 | 1, null>;

/** A password as typed: any text up to 256 characters (its rule is checked by src/lib/password.ts). */
export const PasswordText = size(string(), 1, 256);

/** A single-use token from an e-mail link: 43 URL-safe characters (256 bit). */
export const MailToken = pattern(string(), /^[A-Za-z0-9_-]{43}$/);

/** `POST /105/api/user/register` body. */
export const RegisterInput = object({ email: EmailAddress, isLegalEntity: optional(Flag), consentVersion: optional(pattern(string(), /^[0-9A-Za-z._-]{1,32}$/)) });
/** `POST /105/api/user/register` reply: the address the link went to. */
export const RegisterReply = type({ userId: number(), email: string() });

/** `POST /105/api/login` body: e-mail and password, or the token of a sign-in link. */
export const LoginInput = object({ _username: optional(EmailAddress), _password: optional(PasswordText), _token: optional(MailToken) });
/** Login body. */
export type LoginInput = Infer<typeof LoginInput>;
/** `POST /105/api/login` reply: the new session's auth data (spec §3); after a mailed link, what the device may move into the account. */
export const LoginReply = type({ userId: number(), session: string(), rand: string(), salt: string(), deviceData: optional(DeviceDataOffer) });
/** A new session. */
export type LoginReply = Infer<typeof LoginReply>;

/** `POST /105/api/logout` body: all=1 signs out on every device. */
export const LogoutInput = object({ all: optional(Flag) });
/** `POST /105/api/logout` reply. */
export const LogoutReply = type({ revoked: number() });

/** `GET /105/api/fos/exists` query. */
export const EmailQuery = object({ email: EmailAddress });
/** `GET /105/api/fos/exists` reply. */
export const ExistsReply = type({ exists: boolean() });

/** `POST /105/api/fos/send/auth` body: which link to send. */
export const SendAuthInput = object({ email: EmailAddress, type: enums(['login', 'reset']), isLegalEntity: optional(Flag) });
/** Which link to send. */
export type SendAuthType = Infer<typeof SendAuthInput>['type'];
/** `POST /105/api/fos/send/auth` reply (the same whether or not the account exists). */
export const SentReply = type({ sent: literal(true) });

/** `POST /105/api/password/reset` body. */
export const PasswordResetInput = object({ token: MailToken, newPassword: PasswordText });
/** `POST /105/api/password/change` body (oldPass may be empty for an account that has no password yet). */
export const PasswordChangeInput = object({ oldPass: optional(PasswordText), newPass: PasswordText, confirmPass: PasswordText });
/** `POST /105/api/password/change` reply. */
export const PasswordChangedReply = type({ changed: literal(true), revokedSessions: number() });

/** `GET /105/api/user` reply: who the user is (userType -1 unknown, 3 legal entity; isWebUser: an account, by a confirmed e-mail or phone). */
export const AccountReply = type({
  userId: number(),
  email: nullable(string()),
  /** The confirmed phone, '+7 916 123-45-67' (issue 29); absent from older servers. */
  phone: optional(nullable(string())),
  userType: number(),
  isWebUser: boolean(),
  name: nullable(string()),
  doNotify: number(),
  hasPassword: boolean(),
  channel: string(),
  createdAt: string(),
});
/** The signed-in user. */
export type AccountReply = Infer<typeof AccountReply>;

/** `GET/POST /105/api/email` reply: the account's address, the notification choice, and an address waiting for confirmation. */
export const EmailReply = type({ email: nullable(string()), doNotify: number(), pendingEmail: nullable(string()) });
/** The e-mail settings. */
export type EmailReply = Infer<typeof EmailReply>;
/** `POST /105/api/email` and `/email/edit` body. */
export const EmailInput = object({ email: EmailAddress });
/** `POST /105/api/email/notify` body. */
export const NotifyInput = object({ doNotify: Flag });

/** `GET /105/api/preload` reply: the tax list is ready, or ask again after `wait` seconds (spec §7). */
export const PreloadReply = union([type({ taxeslist: boolean() }), type({ wait: number() })]);
/** Preload state. */
export type PreloadReply = Infer<typeof PreloadReply>;
