import { map } from 'nanostores';
import { fetchIdentities, unlinkIdentity } from '../../api/oauth.ts';
import type { OAuthProviderName } from '../../api/oauth.ts';
import type { IdentitiesReply } from '../../api/structs/oauth.ts';
import { userMessage } from '../../api/userMessage.ts';
import { requireCredentials } from '../authData.ts';
import { onSignOut } from '../auth/account.ts';
import { PROVIDER_LABELS } from '../auth/oauthSignIn.ts';
import { notify } from '../notices.ts';

/** The profile's linked Яндекс ID and VK ID, the providers offered, what is being removed, and why a call failed. */
export type IdentitiesState = { loaded: boolean; identities: IdentitiesReply['identities']; offered: OAuthProviderName[]; removing: OAuthProviderName | ''; error: string };

const EMPTY: IdentitiesState = { loaded: false, identities: [], offered: [], removing: '', error: '' };

/** The linked providers. */
export const $identities = map<IdentitiesState>({ ...EMPTY });

onSignOut(() => $identities.set({ ...EMPTY }));

/** Loads the linked providers. */
export async function loadIdentities(): Promise<void> {
  try {
    const reply = await fetchIdentities(requireCredentials());
    $identities.set({ ...$identities.get(), loaded: true, identities: reply.identities, offered: [...reply.offered], error: '' });
  } catch (error) {
    $identities.setKey('error', userMessage(error));
  }
}

/** Unlinks a provider (the server keeps the last way to sign in). */
export async function removeIdentity(provider: OAuthProviderName): Promise<void> {
  if ($identities.get().removing !== '') return;
  $identities.set({ ...$identities.get(), removing: provider, error: '' });
  try {
    await unlinkIdentity(requireCredentials(), provider);
    notify('success', `${PROVIDER_LABELS[provider]} отвязан`);
    await loadIdentities();
  } catch (error) {
    $identities.setKey('error', userMessage(error));
  } finally {
    $identities.setKey('removing', '');
  }
}
