import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $oauth, PROVIDER_LABELS, startProviderSignIn } from '../../stores/auth/oauthSignIn.ts';
import { $identities, loadIdentities, removeIdentity } from '../../stores/profile/identities.ts';
import { FormError } from '../account/Field.tsx';

/** Яндекс ID and VK ID in the profile: link one (through its consent page), or unlink it while another way to sign in remains. */
export function ProvidersSection() {
  const state = useStore($identities);
  const oauth = useStore($oauth);
  useEffect(() => {
    void loadIdentities();
  }, []);
  if (!state.loaded) return <FormError message={state.error} />;
  return (
    <div className="doc-form" role="group" aria-labelledby="settings-providers-title">
      <h3 id="settings-providers-title">Яндекс ID и VK ID</h3>
      <ul className="auth-links settings-providers">
        {state.offered.map((provider) => {
          const linked = state.identities.find((identity) => identity.provider === provider);
          return (
            <li key={provider}>
              {linked === undefined ? (
                <button type="button" className="btn btn--ghost" disabled={oauth.busy !== ''} onClick={() => void startProviderSignIn(provider, 'link')}>
                  Привязать {PROVIDER_LABELS[provider]}
                </button>
              ) : (
                <>
                  <span>
                    {PROVIDER_LABELS[provider]} привязан{linked.name === null ? '' : `: ${linked.name}`}
                  </span>{' '}
                  <button type="button" className="link-button" disabled={state.removing !== ''} onClick={() => void removeIdentity(provider)}>
                    Отвязать {PROVIDER_LABELS[provider]}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <FormError message={state.error || oauth.error} />
    </div>
  );
}
