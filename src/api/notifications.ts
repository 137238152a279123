import { okEnvelope } from './structs/envelope.ts';
import { NotifyChoiceReply, PushKeyReply, PushSubscribedReply, PushUnsubscribedReply } from './structs/notifications.ts';
import type { NotifyChoiceReply as NotifyChoice } from './structs/notifications.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const choiceReply = okEnvelope(NotifyChoiceReply);
const keyReply = okEnvelope(PushKeyReply);
const subscribedReply = okEnvelope(PushSubscribedReply);
const unsubscribedReply = okEnvelope(PushUnsubscribedReply);

/** `POST /105/api/email/unsubscribe` or `/email/subscribe` with the signed token of a mailed link (no session needed). */
export function chooseNotifications(purpose: 'unsubscribe' | 'subscribe', token: string): Promise<NotifyChoice> {
  return apiCall(`/105/api/email/${purpose}`, choiceReply, { method: 'POST', body: { token } });
}

/** `GET /105/api/push/key`: the VAPID public key to subscribe with. */
export async function fetchPushKey(): Promise<string> {
  return (await apiCall('/105/api/push/key', keyReply)).publicKey;
}

/** `POST /105/api/push/subscribe`: keeps this browser's push subscription for the account. */
export function savePushSubscription(auth: Credentials, subscription: { endpoint: string; p256dh: string; auth: string }) {
  return apiCall('/105/api/push/subscribe', subscribedReply, { method: 'POST', auth, body: subscription });
}

/** `POST /105/api/push/unsubscribe`: forgets this browser's subscription. */
export function deletePushSubscription(auth: Credentials, endpoint: string) {
  return apiCall('/105/api/push/unsubscribe', unsubscribedReply, { method: 'POST', auth, body: { endpoint } });
}
