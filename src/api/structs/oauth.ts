import { array, enums, literal, nullable, object, optional, pattern, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { LoginReply } from './account.ts';

/** The providers of sign-in by OAuth. */
export const OAuthProviderName = enums(['yandex', 'vk']);

/** `POST /105/api/oauth/{provider}/start` body: sign in (default), link to the signed-in account, or confirm its erasure. */
export const OAuthStartInput = object({ purpose: optional(enums(['login', 'link', 'erase'])) });
/** Its reply: where the browser goes to consent (the state is in it; the site keeps it to compare on return). */
export const OAuthStarted = type({ authorizeUrl: string(), state: string() });
/** A started flow. */
export type OAuthStarted = Infer<typeof OAuthStarted>;

/** `POST /105/api/oauth/{provider}/finish` body: what the provider put in the return address. */
export const OAuthFinishInput = object({
  state: pattern(string(), /^[A-Za-z0-9_-]{43}$/),
  code: optional(pattern(string(), /^[A-Za-z0-9._~+/=-]{1,512}$/)),
  deviceId: optional(pattern(string(), /^[A-Za-z0-9._~-]{1,256}$/)),
  error: optional(pattern(string(), /^[a-z_]{1,64}$/)),
});
/** Its reply: a session (signed in), the linked provider (linking), or the provider that confirmed the erasure. */
export const OAuthFinished = type({ linked: optional(string()), session: optional(LoginReply), eraseConfirmedBy: optional(string()) });
/** A finished flow. */
export type OAuthFinished = Infer<typeof OAuthFinished>;

/** One linked provider as the profile shows it. */
export const LinkedIdentity = type({ provider: OAuthProviderName, name: nullable(string()), email: nullable(string()), linkedAt: string() });
/** `GET /105/api/user/identities` reply, with the providers this server offers. */
export const IdentitiesReply = type({ identities: array(LinkedIdentity), offered: array(OAuthProviderName) });
/** The account's providers. */
export type IdentitiesReply = Infer<typeof IdentitiesReply>;
/** `DELETE /105/api/user/identities/{provider}` reply. */
export const IdentityRemoved = type({ removed: literal(true) });
