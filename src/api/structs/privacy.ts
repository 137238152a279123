import { boolean, object, string, type } from 'superstruct';
import { MailToken } from './account.ts';

/** `GET /105/api/account/export` reply: one key per kind of data, and when it was made. */
export const PersonalDataExport = type({ exportedAt: string() });

/** `POST /105/api/account/erase/request` reply: the (masked) address the confirmation went to. */
export const EraseRequested = type({ sent: boolean(), email: string() });

/** `POST /105/api/account/erase` body: the token of the mailed link. */
export const EraseInput = object({ token: MailToken });
/** Its reply. */
export const Erased = type({ erased: boolean() });
