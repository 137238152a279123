import { array, boolean, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { OAuthProviderName } from './oauth.ts';

/** `GET /105/api/auth/ways` reply: the ways of signing in this server offers besides e-mail (a phone by SMS; Яндекс ID, VK ID). */
export const SignInWaysReply = type({ phone: boolean(), providers: array(OAuthProviderName) });
/** The ways offered. */
export type SignInWaysReply = Infer<typeof SignInWaysReply>;
