import { okEnvelope } from './structs/envelope.ts';
import { SignInWaysReply } from './structs/signInWays.ts';
import type { SignInWaysReply as Ways } from './structs/signInWays.ts';
import { apiCall } from './client.ts';

const waysReply = okEnvelope(SignInWaysReply);

/** `GET /105/api/auth/ways`: the ways of signing in this server offers besides e-mail. */
export function fetchSignInWays(): Promise<Ways> {
  return apiCall('/105/api/auth/ways', waysReply);
}
