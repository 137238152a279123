import { map } from 'nanostores';
import { finishOAuth, startOAuth } from '../../api/oauth.ts';
import type { OAuthProviderName } from '../../api/oauth.ts';
import { ApiReplyError } from '../../api/errors.ts';
import { userMessage } from '../../api/userMessage.ts';
import { safeBackPath } from '../../lib/accountCookies.ts';
import { requireCredentials } from '../authData.ts';
import { withSession } from '../session.ts';
import { acceptSession } from './account.ts';
import { $account } from './accountState.ts';

/** Russian names of the providers. */
export const PROVIDER_LABELS: Record<OAuthProviderName, string> = { yandex: 'Яндекс ID', vk: 'VK ID' };

/** Where this browser keeps the flow it started (the return compares its state: another browser's return is refused). */
const FLOW_KEY = 'oauthFlow';

/** The flow this browser started. */
type StartedFlow = { provider: OAuthProviderName; state: string; purpose: 'login' | 'link' | 'erase'; back: string | undefined };

/** A provider button or the return page: busy while it runs, why it failed, where to go when done. */
export type OAuthState = { busy: OAuthProviderName | ''; error: string; next: string };

/** Sign-in and linking by Яндекс ID and VK ID. */
export const $oauth = map<OAuthState>({ busy: '', error: '', next: '' });

/** Starts a sign-in (or, from the profile, a link or the confirmation of an erasure) and leaves for the provider's consent page. */
export async function startProviderSignIn(provider: OAuthProviderName, purpose: 'login' | 'link' | 'erase', back?: string): Promise<void> {
  if ($oauth.get().busy !== '') return;
  $oauth.set({ busy: provider, error: '', next: '' });
  try {
    const started = await withSession((auth) => startOAuth(auth, provider, purpose));
    const flow: StartedFlow = { provider, state: started.state, purpose, back };
    sessionStorage.setItem(FLOW_KEY, JSON.stringify(flow));
    window.location.assign(started.authorizeUrl);
  } catch (error) {
    $oauth.set({ busy: '', error: userMessage(error), next: '' });
  }
}

/** The flow this browser started, taken once. */
function takeStartedFlow(): StartedFlow | undefined {
  const text = sessionStorage.getItem(FLOW_KEY);
  sessionStorage.removeItem(FLOW_KEY);
  try {
    const flow = JSON.parse(text ?? 'null') as StartedFlow | null;
    return flow !== null && (flow.provider === 'yandex' || flow.provider === 'vk') && typeof flow.state === 'string' ? flow : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /auth/oauth/: the provider sent the browser back with a code (or an error) and the state. Only the
 * browser that started the flow finishes it (the state must be the one it kept); then the server
 * checks the state again, exchanges the code with the PKCE verifier and signs in or links.
 */
export async function finishProviderSignIn(search: string): Promise<void> {
  const query = new URLSearchParams(search);
  const flow = takeStartedFlow();
  const state = query.get('state') ?? '';
  if (flow === undefined || flow.state !== state) {
    $oauth.set({ busy: '', error: 'Вход не подтверждён: начните его снова на странице входа этого браузера', next: '' });
    return;
  }
  $oauth.set({ busy: flow.provider, error: '', next: '' });
  try {
    // VK ID returns device_id; the site's query normalisation may have renamed it deviceId on the way.
    const back = { state, ...optional('code', query.get('code')), ...optional('deviceId', query.get('device_id') ?? query.get('deviceId')), ...optional('error', query.get('error')) };
    const finished = await finishOAuth(requireCredentials(), flow.provider, back);
    if (finished.session !== undefined) await acceptSession(finished.session);
    const home = $account.get().userType === 3 ? '/organization/' : '/profile/';
    $oauth.set({ busy: '', error: '', next: flow.purpose !== 'login' ? '/profile/#settings' : (safeBackPath(flow.back ?? null) ?? home) });
  } catch (error) {
    $oauth.set({ busy: '', error: providerMessage(error), next: '' });
  }
}

/**
 * A provider's failure on return (502: it declined with an error, refused the code, did not answer, gave no
 * profile) shows the server's sentence, which names the provider and what to do; other failures as usual.
 */
export function providerMessage(error: unknown): string {
  return error instanceof ApiReplyError && error.status === 502 && error.errorDesc.trim() !== '' ? error.errorDesc : userMessage(error);
}

/** `{ [key]: value }` when there is a value. */
function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value === null || value === '' ? {} : ({ [key]: value } as Record<K, string>);
}
