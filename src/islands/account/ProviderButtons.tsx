import { useStore } from '@nanostores/react';
import type { OAuthProviderName } from '../../api/oauth.ts';
import { $oauth, PROVIDER_LABELS, startProviderSignIn } from '../../stores/auth/oauthSignIn.ts';
import { FormError } from './Field.tsx';

/** «Войти через Яндекс ID» and «Войти через VK ID» under the /auth/ forms: only the providers the server offers. */
export function ProviderButtons({ back, providers }: { back: string | undefined; providers: readonly OAuthProviderName[] }) {
  const state = useStore($oauth);
  return (
    <div className="auth-providers" role="group" aria-label="Другие способы входа">
      <p className="muted">Или войдите через</p>
      <div className="auth-actions">
        {providers.map((provider) => (
          <button key={provider} type="button" className="btn btn--ghost" disabled={state.busy !== ''} aria-busy={state.busy === provider} onClick={() => void startProviderSignIn(provider, 'login', back)}>
            {PROVIDER_LABELS[provider]}
          </button>
        ))}
      </div>
      <FormError message={state.error} />
    </div>
  );
}
