import { okEnvelope } from './structs/envelope.ts';
import { HandoffExchangeReply, MergeReply } from './structs/identityLinks.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const mergeReply = okEnvelope(MergeReply);

/** `POST /105/api/user/merge`: this device confirms that what it held before signing in by a link joins the account. */
export function mergeDeviceData(auth: Credentials, mergeToken: string) {
  return apiCall('/105/api/user/merge', mergeReply, { method: 'POST', auth, body: { mergeToken } });
}

const exchangeReply = okEnvelope(HandoffExchangeReply);

/** `POST /105/api/handoff/exchange`: the page's one-time code (from `?handoff=`) for a session of its own. */
export function exchangeHandoff(code: string) {
  return apiCall('/105/api/handoff/exchange', exchangeReply, { method: 'POST', body: { code } });
}
