import { array, boolean, enums, nullable, object, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { MailToken } from './account.ts';
import { OAuthProviderName } from './oauth.ts';
import { SmsCode } from './phone.ts';

/** `GET /105/api/account/export` reply: one key per kind of data, and when it was made. */
export const PersonalDataExport = type({ exportedAt: string() });

/** `POST /105/api/account/erase/request` reply: the (masked) address the confirmation went to. */
export const EraseRequested = type({ sent: boolean(), email: string() });

/** `POST /105/api/account/erase` body: the token of the mailed link. */
export const EraseInput = object({ token: MailToken });
/** Its reply. */
export const Erased = type({ erased: boolean() });

/** `GET /105/api/account/erase/way` reply: how this account confirms its erasure, and a provider's fresh confirmation if one holds. */
export const ErasureWayReply = type({
  way: enums(['email', 'phone', 'provider', 'none']),
  email: nullable(string()),
  phone: nullable(string()),
  providers: array(OAuthProviderName),
  confirmedBy: nullable(OAuthProviderName),
});
/** The account's way of confirming its erasure. */
export type ErasureWayReply = Infer<typeof ErasureWayReply>;

/** `POST /105/api/account/erase/by-code` body: the code sent by SMS to the account's phone. */
export const EraseByCodeInput = object({ code: SmsCode });
