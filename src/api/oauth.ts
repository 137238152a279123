import { okEnvelope } from './structs/envelope.ts';
import { IdentitiesReply, IdentityRemoved, OAuthFinished, OAuthStarted } from './structs/oauth.ts';
import type { IdentitiesReply as Identities, OAuthFinished as Finished, OAuthStarted as Started } from './structs/oauth.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

/** A provider of sign-in by OAuth. */
export type OAuthProviderName = 'yandex' | 'vk';

const started = okEnvelope(OAuthStarted);
const finished = okEnvelope(OAuthFinished);
const identities = okEnvelope(IdentitiesReply);
const removed = okEnvelope(IdentityRemoved);

/** `POST /105/api/oauth/{provider}/start`: where to consent, and the state to compare on return. */
export function startOAuth(auth: Credentials, provider: OAuthProviderName, purpose: 'login' | 'link' | 'erase'): Promise<Started> {
  return apiCall(`/105/api/oauth/${provider}/start`, started, { method: 'POST', auth, body: { purpose } });
}

/** `POST /105/api/oauth/{provider}/finish` with what the provider put in the return address. */
export function finishOAuth(auth: Credentials, provider: OAuthProviderName, back: { state: string; code?: string; deviceId?: string; error?: string }): Promise<Finished> {
  const body: Record<string, string> = { state: back.state };
  if (back.code !== undefined) body['code'] = back.code;
  if (back.deviceId !== undefined) body['deviceId'] = back.deviceId;
  if (back.error !== undefined) body['error'] = back.error;
  return apiCall(`/105/api/oauth/${provider}/finish`, finished, { method: 'POST', auth, body });
}

/** `GET /105/api/user/identities`. */
export function fetchIdentities(auth: Credentials): Promise<Identities> {
  return apiCall('/105/api/user/identities', identities, { auth });
}

/** `DELETE /105/api/user/identities/{provider}`. */
export async function unlinkIdentity(auth: Credentials, provider: OAuthProviderName): Promise<void> {
  await apiCall(`/105/api/user/identities/${provider}`, removed, { method: 'DELETE', auth });
}
