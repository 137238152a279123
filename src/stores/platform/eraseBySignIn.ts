import { map } from 'nanostores';
import { eraseByCode, eraseByProvider, fetchErasureWay, requestEraseCode } from '../../api/privacy.ts';
import type { OAuthProviderName } from '../../api/oauth.ts';
import type { ErasureWayReply } from '../../api/structs/privacy.ts';
import { userMessage } from '../../api/userMessage.ts';
import { requireCredentials } from '../authData.ts';
import { onSignOut, signOut } from '../auth/account.ts';
import { startProviderSignIn } from '../auth/oauthSignIn.ts';

/**
 * The erasure of an account without a confirmed e-mail, confirmed the way it signs in: a code by SMS
 * to its phone, or a fresh sign-in through its Яндекс ID / VK ID (the server keeps that proof 5 minutes).
 * `step`: idle → sending → codeSent (the masked number) → erasing → erased.
 */
export type EraseBySignInState = {
  way: ErasureWayReply | undefined;
  step: 'idle' | 'sending' | 'codeSent' | 'erasing' | 'erased';
  sentTo: string;
  error: string;
};

const EMPTY: EraseBySignInState = { way: undefined, step: 'idle', sentTo: '', error: '' };

/** The state of the profile's erasure by a code or a provider. */
export const $eraseBySignIn = map<EraseBySignInState>({ ...EMPTY });

// Another account on this device starts afresh; an erased one keeps saying so.
onSignOut(() => {
  if ($eraseBySignIn.get().step !== 'erased') $eraseBySignIn.set({ ...EMPTY });
});

/** Asks the server how this account confirms its erasure. */
export async function loadErasureWay(): Promise<void> {
  try {
    const way = await fetchErasureWay(requireCredentials());
    $eraseBySignIn.set({ ...$eraseBySignIn.get(), way, error: '' });
  } catch (error) {
    $eraseBySignIn.setKey('error', userMessage(error));
  }
}

/** «Получить код»: a code by SMS to the account's phone. */
export async function sendEraseCode(): Promise<void> {
  const state = $eraseBySignIn.get();
  if (state.step === 'sending' || state.step === 'erasing') return;
  $eraseBySignIn.set({ ...state, step: 'sending', error: '' });
  try {
    const sent = await requestEraseCode(requireCredentials());
    $eraseBySignIn.set({ ...$eraseBySignIn.get(), step: 'codeSent', sentTo: sent.phone });
  } catch (error) {
    $eraseBySignIn.set({ ...$eraseBySignIn.get(), step: state.step === 'codeSent' ? 'codeSent' : 'idle', error: userMessage(error) });
  }
}

/** Leaves for the provider's page; on return (/auth/oauth/) the profile shows the last button. */
export function confirmThroughProvider(provider: OAuthProviderName): Promise<void> {
  return startProviderSignIn(provider, 'erase');
}

/** Erases the account by the typed code, or (no code) by the provider's fresh confirmation; then forgets it on this device. */
export async function eraseConfirmed(code?: string): Promise<void> {
  const state = $eraseBySignIn.get();
  if (state.step === 'erasing' || state.step === 'erased') return;
  const before = state.step;
  if (code !== undefined && !/^\d{6}$/.test(code.replace(/\s/g, ''))) {
    $eraseBySignIn.setKey('error', 'Введите 6 цифр из SMS');
    return;
  }
  $eraseBySignIn.set({ ...state, step: 'erasing', error: '' });
  try {
    if (code === undefined) await eraseByProvider(requireCredentials());
    else await eraseByCode(requireCredentials(), code.replace(/\s/g, ''));
  } catch (error) {
    $eraseBySignIn.set({ ...$eraseBySignIn.get(), step: before, error: userMessage(error) });
    return;
  }
  $eraseBySignIn.set({ ...EMPTY, step: 'erased' });
  try {
    await signOut(); // the session is already gone on the server; this clears the device
  } catch {
    // nothing left to sign out of
  }
}
