import { okEnvelope } from './structs/envelope.ts';
import { EraseRequested, Erased, PersonalDataExport } from './structs/privacy.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const exportReply = okEnvelope(PersonalDataExport);
const requestedReply = okEnvelope(EraseRequested);
const erasedReply = okEnvelope(Erased);

/** GET /105/api/account/export: everything the service holds about the user (sections beyond exportedAt are kept as they came). */
export const fetchPersonalData = (auth: Credentials) => apiCall('/105/api/account/export', exportReply, { auth });

/** POST /105/api/account/erase/request: mails the confirmation link to the account's address. */
export const requestErase = (auth: Credentials) => apiCall('/105/api/account/erase/request', requestedReply, { method: 'POST', auth });

/** POST /105/api/account/erase: the mailed token erases the account. */
export const confirmErase = (token: string) => apiCall('/105/api/account/erase', erasedReply, { method: 'POST', body: { token } });
