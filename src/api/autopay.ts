import { okEnvelope } from './structs/envelope.ts';
import { AutopayBindingReply, AutopayCancelReply, AutopayState } from './structs/autopay.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const stateReply = okEnvelope(AutopayState);
const bindingReply = okEnvelope(AutopayBindingReply);
const cancelReply = okEnvelope(AutopayCancelReply);

/** GET /105/api/autopay: the card, the documents with autopay, the fines it found. */
export const fetchAutopay = (auth: Credentials) => apiCall('/105/api/autopay', stateReply, { auth });

/** POST /105/api/autopay/card: starts binding a card; answers the gateway page. */
export const startBinding = (auth: Credentials) => apiCall('/105/api/autopay/card', bindingReply, { method: 'POST', auth });

/** DELETE /105/api/autopay/card: removes the card here and at the gateway. */
export const deleteCard = (auth: Credentials) => apiCall('/105/api/autopay/card', stateReply, { method: 'DELETE', auth });

/** PUT /105/api/autopay/rule: turns autopay on for a document (or changes its limits), in whole roubles. */
export const saveRule = (auth: Credentials, rule: { documentKind: 'sts' | 'dl'; documentId: number; maxFineRub: number; monthlyRub: number }) =>
  apiCall('/105/api/autopay/rule', stateReply, { method: 'PUT', auth, body: { documentKind: rule.documentKind, documentId: String(rule.documentId), maxFineRub: String(rule.maxFineRub), monthlyRub: String(rule.monthlyRub) } });

/** DELETE /105/api/autopay/rule/{id}: turns autopay off for a document. */
export const deleteRule = (auth: Credentials, id: number) => apiCall(`/105/api/autopay/rule/${id}`, stateReply, { method: 'DELETE', auth });

/** POST /105/api/autopay/charge/{id}/pay or /skip: pays a scheduled fine now, or skips it. */
export const actOnCharge = (auth: Credentials, id: number, action: 'pay' | 'skip') => apiCall(`/105/api/autopay/charge/${id}/${action}`, stateReply, { method: 'POST', auth });

/** POST /105/api/autopay/cancel: the mailed link's token cancels one scheduled fine (no session). */
export const cancelByLink = (token: string) => apiCall('/105/api/autopay/cancel', cancelReply, { method: 'POST', body: { token } });
