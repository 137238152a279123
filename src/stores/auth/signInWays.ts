import { atom } from 'nanostores';
import { fetchSignInWays } from '../../api/signInWays.ts';
import type { OAuthProviderName } from '../../api/oauth.ts';

/** The ways of signing in besides e-mail that work on this server; none until the server said (a way that fails is never shown). */
export type SignInWays = { loaded: boolean; phone: boolean; providers: OAuthProviderName[] };

/** What the server offers. */
export const $signInWays = atom<SignInWays>({ loaded: false, phone: false, providers: [] });

let asked: Promise<void> | undefined;

/** Asks the server once per page; a failure shows only e-mail (and lets a later call ask again). */
export function loadSignInWays(fetchWays: typeof fetchSignInWays = fetchSignInWays): Promise<void> {
  asked ??= fetchWays()
    .then((ways) => $signInWays.set({ loaded: true, phone: ways.phone, providers: [...ways.providers] }))
    .catch(() => {
      // Only e-mail is shown; the next page (or call) asks again.
      $signInWays.set({ loaded: true, phone: false, providers: [] });
      asked = undefined;
    });
  return asked;
}

/** Forgets the answer (tests). */
export function resetSignInWays(): void {
  asked = undefined;
  $signInWays.set({ loaded: false, phone: false, providers: [] });
}
