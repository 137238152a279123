import { okEnvelope } from './structs/envelope.ts';
import { EraseRequested, Erased, ErasureWayReply, PersonalDataExport } from './structs/privacy.ts';
import { PhoneCodeSent } from './structs/phone.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const exportReply = okEnvelope(PersonalDataExport);
const requestedReply = okEnvelope(EraseRequested);
const erasedReply = okEnvelope(Erased);
const wayReply = okEnvelope(ErasureWayReply);
const codeSentReply = okEnvelope(PhoneCodeSent);

/** GET /105/api/account/export: everything the service holds about the user (sections beyond exportedAt are kept as they came). */
export const fetchPersonalData = (auth: Credentials) => apiCall('/105/api/account/export', exportReply, { auth });

/** POST /105/api/account/erase/request: mails the confirmation link to the account's address. */
export const requestErase = (auth: Credentials) => apiCall('/105/api/account/erase/request', requestedReply, { method: 'POST', auth });

/** POST /105/api/account/erase: the mailed token erases the account. */
export const confirmErase = (token: string) => apiCall('/105/api/account/erase', erasedReply, { method: 'POST', body: { token } });

/** GET /105/api/account/erase/way: how this account confirms its erasure (mail, SMS code, a provider), and a provider's fresh confirmation. */
export const fetchErasureWay = (auth: Credentials) => apiCall('/105/api/account/erase/way', wayReply, { auth });

/** POST /105/api/account/erase/code: a code by SMS to the account's phone. */
export const requestEraseCode = (auth: Credentials) => apiCall('/105/api/account/erase/code', codeSentReply, { method: 'POST', auth });

/** POST /105/api/account/erase/by-code: the code erases the account. */
export const eraseByCode = (auth: Credentials, code: string) => apiCall('/105/api/account/erase/by-code', erasedReply, { method: 'POST', auth, body: { code } });

/** POST /105/api/account/erase/by-provider: erases the account after a round-trip through its provider in the last 5 minutes. */
export const eraseByProvider = (auth: Credentials) => apiCall('/105/api/account/erase/by-provider', erasedReply, { method: 'POST', auth });
