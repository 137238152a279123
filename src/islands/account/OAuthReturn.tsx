import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $oauth, finishProviderSignIn } from '../../stores/auth/oauthSignIn.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import './account.css';

/** /auth/oauth/: where Яндекс ID and VK ID send the browser back; finishes the sign-in or the link. */
export default function OAuthReturn() {
  return (
    <AppErrorBoundary>
      <Finishing />
    </AppErrorBoundary>
  );
}

/** Reads the return address once, takes the code out of it, and shows the outcome. */
function Finishing() {
  const state = useStore($oauth);
  useEffect(() => {
    const search = window.location.search;
    // The code and state must not stay in the address bar, history or a Referer.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void finishProviderSignIn(search);
  }, []);
  useEffect(() => {
    if (state.next !== '') window.location.assign(state.next);
  }, [state.next]);
  return (
    <div className="auth-card card">
      <h1>Вход через Яндекс ID или VK ID</h1>
      {state.error !== '' ? (
        <>
          <p className="form-error" role="alert">
            {state.error}
          </p>
          <p>
            <a className="btn" href="/auth/">
              На страницу входа
            </a>
          </p>
        </>
      ) : (
        <p role="status" className="form-note">
          <span className="spinner spinner--dark" aria-hidden="true" /> {state.next === '' ? 'Проверяем вход…' : 'Вы вошли. Открываем страницу…'}
        </p>
      )}
    </div>
  );
}
