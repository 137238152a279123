import { okEnvelope } from './structs/envelope.ts';
import { ClientReply, NewUserReply } from './structs/identity.ts';
import type { NewUserReply as NewUser } from './structs/identity.ts';
import { apiCall } from './client.ts';

const clientReply = okEnvelope(ClientReply);
const newUserReply = okEnvelope(NewUserReply);

/** What registering sends: the clientId, our channel and optionally the first vehicle (СТС with the plate and region, 'А123ВС77'). */
export type NewUserRequest = { clientId: string; channel: string; sts?: string; plate?: string; consentVersion?: string };

/** `GET /105/api/client`: a fresh client id to register with. */
export async function fetchClientId(): Promise<string> {
  return (await apiCall('/105/api/client', clientReply)).clientId;
}

/** `POST /105/api/newuser`: creates an anonymous user and returns its auth data. */
export async function createUser(request: NewUserRequest): Promise<NewUser> {
  const body: Record<string, string> = { clientId: request.clientId, channel: request.channel };
  if (request.sts !== undefined) body['sts'] = request.sts;
  if (request.plate !== undefined) body['plate'] = request.plate;
  if (request.consentVersion !== undefined) body['consentVersion'] = request.consentVersion;
  return apiCall('/105/api/newuser', newUserReply, { method: 'POST', body });
}
