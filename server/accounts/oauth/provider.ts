import { createHash, randomBytes } from 'node:crypto';

/** The providers of issue 29. */
export type OAuthProviderId = 'yandex' | 'vk';

/** Every provider id, in the order the site shows them. */
export const OAUTH_PROVIDERS: readonly OAuthProviderId[] = ['yandex', 'vk'];

/** The apps registered with each provider (env: YANDEX_CLIENT_ID/SECRET, VK_CLIENT_ID); 'off' is not offered; unset: our sandbox. */
export type OAuthApps = { yandex?: { clientId: string; clientSecret: string } | 'off'; vk?: { clientId: string } | 'off' };

/** Russian names for texts. */
export const PROVIDER_NAMES: Record<OAuthProviderId, string> = { yandex: 'Яндекс ID', vk: 'VK ID' };

/** The person as the provider tells: its stable id, and an e-mail and a name when shared (never used to find an account). */
export type ProviderUser = { subject: string; email: string | null; name: string | null };

/** fetch, replaceable: the sandbox's calls reach this very app in-process. */
export type OAuthFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** An OAuth 2.0 provider as the sign-in sees it: authorization code with PKCE (S256) and state. */
export type OAuthProvider = {
  readonly id: OAuthProviderId;
  /** Whether it is our own sandbox. */
  readonly sandbox: boolean;
  /** Where the browser goes to consent. */
  authorizeUrl(request: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Exchanges the code (with the verifier) for an access token, then reads the user; throws OAuthFailure. */
  user(request: { code: string; codeVerifier: string; redirectUri: string; deviceId: string | undefined; state: string }): Promise<ProviderUser>;
};

/** How a provider failed: it refused the code (token step), did not answer properly (down, 5xx, not JSON), or gave no profile after the token. */
export type OAuthFailureKind = 'refused' | 'unreachable' | 'profile';

/** The provider refused or could not be reached; `reason` is for the log, never a token. */
export class OAuthFailure extends Error {
  readonly reason: string;
  readonly kind: OAuthFailureKind;
  constructor(reason: string, kind: OAuthFailureKind = 'refused') {
    super(`OAuth provider refused: ${reason}`);
    this.name = 'OAuthFailure';
    this.reason = reason;
    this.kind = kind;
  }
}

/** A PKCE verifier (RFC 7636: 43–128 characters; 64 random bytes, base64url). */
export function newVerifier(): string {
  return randomBytes(48).toString('base64url');
}

/** Its S256 challenge. */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * The JSON of a reply, or OAuthFailure naming the status. At the token step a 5xx or a reply that is not
 * JSON is the provider not answering, a 4xx a refusal of the code; any failure of the profile step is 'profile'.
 */
export async function jsonOf(response: Response, what: 'token' | 'info' | 'user_info'): Promise<Record<string, unknown>> {
  const refusal: OAuthFailureKind = what === 'token' ? 'refused' : 'profile';
  const down: OAuthFailureKind = what === 'token' ? 'unreachable' : 'profile';
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new OAuthFailure(`${what}: HTTP ${response.status}, not JSON`, down);
  }
  if (response.status >= 500) throw new OAuthFailure(`${what}: HTTP ${response.status}`, down);
  if (typeof body !== 'object' || body === null) throw new OAuthFailure(`${what}: not an object`, refusal);
  if (!response.ok) throw new OAuthFailure(`${what}: HTTP ${response.status} ${String((body as Record<string, unknown>)['error'] ?? '')}`, refusal);
  return body as Record<string, unknown>;
}

/** A text field of a reply, or null. */
export function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : typeof value === 'number' ? String(value) : null;
}
