import { okEnvelope } from './structs/envelope.ts';
import { ClientReply, NewUserReply, UserReply } from './structs/identity.ts';
import type { NewUserReply as NewUser, UserReply as User } from './structs/identity.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const clientReply = okEnvelope(ClientReply);
const newUserReply = okEnvelope(NewUserReply);
const userReply = okEnvelope(UserReply);

/** What registering sends: the clientId, our channel and optionally the first vehicle (СТС with the plate and region, 'А123ВС77'). */
export type NewUserRequest = { clientId: string; channel: string; sts?: string; plate?: string };

/** `GET /105/api/client`: a fresh client id to register with. */
export async function fetchClientId(): Promise<string> {
  return (await apiCall('/105/api/client', clientReply)).clientId;
}

/** `POST /105/api/newuser`: creates an anonymous user and returns its auth data. */
export async function createUser(request: NewUserRequest): Promise<NewUser> {
  const body: Record<string, string> = { clientId: request.clientId, channel: request.channel };
  if (request.sts !== undefined) body['sts'] = request.sts;
  if (request.plate !== undefined) body['plate'] = request.plate;
  return apiCall('/105/api/newuser', newUserReply, { method: 'POST', body });
}

/** `GET /105/api/user`: basic data of the user the credentials belong to (401 when they have expired). */
export async function fetchUser(auth: Credentials): Promise<User> {
  return apiCall('/105/api/user', userReply, { auth });
}
