import { okEnvelope } from './structs/envelope.ts';
import { ApiKeyCreatedReply, ApiKeyRevokedReply, ApiKeysReply, WebhookCreatedReply, WebhookDeletedReply, WebhookDeliveriesReply, WebhookQueuedReply, WebhooksReply } from './structs/integrations.ts';
import type { ApiKeyInput } from './structs/integrations.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const keysReply = okEnvelope(ApiKeysReply);
const keyCreated = okEnvelope(ApiKeyCreatedReply);
const keyRevoked = okEnvelope(ApiKeyRevokedReply);
const webhooksReply = okEnvelope(WebhooksReply);
const webhookCreated = okEnvelope(WebhookCreatedReply);
const webhookDeleted = okEnvelope(WebhookDeletedReply);
const queued = okEnvelope(WebhookQueuedReply);
const deliveriesReply = okEnvelope(WebhookDeliveriesReply);

const base = (organizationId: number) => `/105/api/organization/${organizationId}`;

/** `GET …/api-keys`: the organization's keys. */
export async function fetchApiKeys(auth: Credentials, organizationId: number) {
  return (await apiCall(`${base(organizationId)}/api-keys`, keysReply, { auth })).items;
}
/** `POST …/api-keys`: a new key, shown this once. */
export function createApiKey(auth: Credentials, organizationId: number, input: ApiKeyInput) {
  return apiCall(`${base(organizationId)}/api-keys`, keyCreated, { method: 'POST', auth, body: { name: input.name, scope: input.scope } });
}
/** `DELETE …/api-keys/{keyId}`: revokes a key. */
export async function revokeApiKey(auth: Credentials, organizationId: number, keyId: number) {
  await apiCall(`${base(organizationId)}/api-keys/${keyId}`, keyRevoked, { method: 'DELETE', auth });
}
/** `GET …/webhooks`: the organization's endpoints. */
export async function fetchWebhooks(auth: Credentials, organizationId: number) {
  return (await apiCall(`${base(organizationId)}/webhooks`, webhooksReply, { auth })).items;
}
/** `POST …/webhooks`: registers an endpoint; its secret is shown this once. */
export function createWebhook(auth: Credentials, organizationId: number, url: string, events: readonly string[]) {
  return apiCall(`${base(organizationId)}/webhooks`, webhookCreated, { method: 'POST', auth, body: { url, events: events.join(',') } });
}
/** `DELETE …/webhooks/{webhookId}`. */
export async function deleteWebhook(auth: Credentials, organizationId: number, webhookId: number) {
  await apiCall(`${base(organizationId)}/webhooks/${webhookId}`, webhookDeleted, { method: 'DELETE', auth });
}
/** `POST …/webhooks/{webhookId}/ping`: a test event. */
export function pingWebhook(auth: Credentials, organizationId: number, webhookId: number) {
  return apiCall(`${base(organizationId)}/webhooks/${webhookId}/ping`, queued, { method: 'POST', auth });
}
/** `GET …/webhooks/deliveries`: the newest deliveries. */
export function fetchDeliveries(auth: Credentials, organizationId: number, page = 1) {
  return apiCall(`${base(organizationId)}/webhooks/deliveries`, deliveriesReply, { auth, query: { page: String(page), showBy: '20' } });
}
/** `POST …/webhooks/deliveries/{deliveryId}/resend`. */
export function resendDelivery(auth: Credentials, organizationId: number, deliveryId: string) {
  return apiCall(`${base(organizationId)}/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`, queued, { method: 'POST', auth });
}
