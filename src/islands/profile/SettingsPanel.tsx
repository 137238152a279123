import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $account, signOut } from '../../stores/auth/account.ts';
import { notifyError } from '../../stores/notices.ts';
import { $settings, loadSettings, setNotifications, submitNewEmail, submitPasswordChange } from '../../stores/profile/settings.ts';
import { Field, FormError, SubmitButton } from '../account/Field.tsx';
import { PhoneSection } from './PhoneSection.tsx';
import { ProvidersSection } from './ProvidersSection.tsx';

/** E-mail, notifications, password and signing out. */
export function SettingsPanel() {
  const settings = useStore($settings);
  const account = useStore($account);
  const [loadError, setLoadError] = useState('');
  const [notifyError, setNotifyError] = useState('');
  useEffect(() => {
    void loadSettings().then((failure) => setLoadError(failure ?? ''));
  }, []);
  return (
    <section className="card settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Уведомления и вход</h2>
      <FormError message={loadError} />
      {/* Mail about new fines needs an e-mail: an account made by phone adds one first (PhoneSection). */}
      {account.email === '' ? null : (
        <label className="check">
          <input
            type="checkbox"
            name="doNotify"
            checked={settings.doNotify}
            disabled={!settings.loaded || settings.saving === 'notify'}
            onChange={(event) => void setNotifications(event.currentTarget.checked).then((failure) => setNotifyError(failure ?? ''))}
          />
          <span>Уведомлять о новых штрафах на {settings.email === '' ? 'e-mail' : settings.email}</span>
        </label>
      )}
      <FormError message={notifyError} />
      <p>
        <a href="/push/alerts/">Уведомления в браузере</a> — покажем новый штраф сразу, даже когда сайт закрыт.
      </p>
      <p>
        <a href="/profile/autopay/">Автооплата штрафов</a> — новые штрафы со скидкой оплатим сами, с письмом и ссылкой для отмены.
      </p>
      <PhoneSection />
      <ProvidersSection />
      <EmailAndPassword />
      <SignOutButtons />
    </section>
  );
}

/** The e-mail and password forms, for an account that has an e-mail (one made by phone adds it in PhoneSection). */
function EmailAndPassword() {
  const account = useStore($account);
  if (account.email === '') return null;
  return (
    <>
      <EmailForm />
      <PasswordForm />
    </>
  );
}

/** A new address, confirmed by a link sent there. */
function EmailForm() {
  const settings = useStore($settings);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const failure = await submitNewEmail(email);
    setError(failure ?? '');
    if (failure === undefined) setEmail('');
  };
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label="Сменить e-mail">
      <h3>E-mail</h3>
      {settings.pendingEmail !== '' && (
        <p className="form-note" role="status">
          Ждём подтверждения нового адреса {settings.pendingEmail}: откройте письмо, которое мы туда отправили.
        </p>
      )}
      <Field id="settings-email" label="Новый e-mail" name="email" type="email" value={email} onChange={setEmail} error={error === '' ? undefined : error} autoComplete="email" inputMode="email" />
      <SubmitButton busy={settings.saving === 'email'}>Сменить e-mail</SubmitButton>
    </form>
  );
}

/** The password: the current one (when set), the new one twice. */
function PasswordForm() {
  const settings = useStore($settings);
  const account = useStore($account);
  const [oldPass, setOldPass] = useState('');
  const [newPass, setNewPass] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const failure = await submitPasswordChange({ oldPass, newPass, confirmPass });
    setError(failure ?? '');
    if (failure === undefined) {
      setOldPass('');
      setNewPass('');
      setConfirmPass('');
    }
  };
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label="Пароль">
      <h3>{account.hasPassword ? 'Сменить пароль' : 'Задать пароль'}</h3>
      <input type="email" name="username" value={account.email} autoComplete="username" readOnly hidden />
      {account.hasPassword && (
        <Field id="settings-old" label="Текущий пароль" name="oldPass" type="password" value={oldPass} onChange={setOldPass} autoComplete="current-password" />
      )}
      <div className="form-row form-row--2">
        <Field id="settings-new" label="Новый пароль" name="newPass" type="password" value={newPass} onChange={setNewPass} autoComplete="new-password" hint="Не короче 8 символов" />
        <Field id="settings-confirm" label="Повторите пароль" name="confirmPass" type="password" value={confirmPass} onChange={setConfirmPass} autoComplete="new-password" />
      </div>
      <FormError message={error} />
      <SubmitButton busy={settings.saving === 'password'}>{account.hasPassword ? 'Сменить пароль' : 'Сохранить пароль'}</SubmitButton>
    </form>
  );
}

/** Sign out here, or on every device. */
function SignOutButtons() {
  const [busy, setBusy] = useState(false);
  const leave = async (everywhere: boolean) => {
    setBusy(true);
    try {
      await signOut(everywhere);
    } catch (error) {
      notifyError(error);
    }
    window.location.assign('/');
  };
  return (
    <div className="doc-panel__add">
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void leave(false)}>
        Выйти
      </button>
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void leave(true)}>
        Выйти на всех устройствах
      </button>
    </div>
  );
}
