import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $passwordReset, openResetPage, submitNewPassword } from '../../stores/auth/passwordReset.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { Field, FormError, SubmitButton } from './Field.tsx';
import { useHydrated } from './useHydrated.ts';
import './account.css';

/** /reset/{token}/: a new password by the link from the mail. */
export default function ResetPasswordPage() {
  return (
    <AppErrorBoundary>
      <ResetForm />
    </AppErrorBoundary>
  );
}

/** Takes the token out of the address and asks for the new password twice. */
function ResetForm() {
  const state = useStore($passwordReset);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  useEffect(() => {
    openResetPage(window.location.pathname);
    // The token must not stay in the address bar, history or a Referer.
    window.history.replaceState(window.history.state, '', '/reset/');
  }, []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitNewPassword(password, confirm);
  };
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <div className="auth-card card">
        <h1>Новый пароль</h1>
        <p role="status" className="muted">
          Загружаем форму…
        </p>
      </div>
    );
  }
  if (state.done) {
    return (
      <div className="auth-card card">
        <h1>Пароль изменён</h1>
        <p role="status" className="form-note">
          Новый пароль сохранён, вы вошли. На других устройствах нужно войти заново.
        </p>
        <a className="btn" href="/profile/">
          Перейти в профиль
        </a>
      </div>
    );
  }
  return (
    <div className="auth-card card">
      <h1>Новый пароль</h1>
      {state.linkDead ? (
        <>
          <p className="form-error" role="alert">
            {state.error}
          </p>
          <a className="btn" href="/auth/?mode=reset">
            Запросить новую ссылку
          </a>
        </>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <Field id="reset-password" label="Новый пароль" name="password" type="password" value={password} onChange={setPassword} error={state.fields.password} autoComplete="new-password" hint="Не короче 8 символов" />
          <Field id="reset-confirm" label="Повторите пароль" name="confirm" type="password" value={confirm} onChange={setConfirm} error={state.fields.confirm} autoComplete="new-password" />
          <FormError message={state.error} />
          <SubmitButton busy={state.busy}>Сохранить пароль</SubmitButton>
        </form>
      )}
    </div>
  );
}
