import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $account } from '../../stores/auth/account.ts';
import {
  $signIn,
  acceptDeviceData,
  chooseView,
  declineDeviceData,
  openAuthPage,
  openMailedLink,
  requestLink,
  skipFirstPassword,
  submitFirstPassword,
  submitLogin,
  submitRegistration,
} from '../../stores/auth/signIn.ts';
import type { AuthView } from '../../stores/auth/signIn.ts';
import type { DeviceDataOffer } from '../../api/structs/identityLinks.ts';
import { phoneSignIn } from '../../stores/auth/phoneSignIn.ts';
import { $signInWays, loadSignInWays } from '../../stores/auth/signInWays.ts';
import { PhoneCodeForm } from './PhoneCodeForm.tsx';
import { ProviderButtons } from './ProviderButtons.tsx';
import { plural } from '../../lib/plural.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { Field, FormError, SubmitButton } from './Field.tsx';
import { useHydrated } from './useHydrated.ts';
import './account.css';

/** /auth/: sign in, register, a sign-in link by e-mail, a forgotten password; opens mailed links (?token=). */
export default function AuthPage() {
  return (
    <AppErrorBoundary>
      <AuthScreens />
    </AppErrorBoundary>
  );
}

/** Reads the address once, takes a mailed token out of it, and shows the view the store says. */
function AuthScreens() {
  const state = useStore($signIn);
  const ways = useStore($signInWays);
  useEffect(() => {
    void loadSignInWays();
    const { token } = openAuthPage(window.location.search);
    if (token !== undefined) {
      // The token must not stay in the address bar, history or a Referer.
      const url = new URL(window.location.href);
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
      void openMailedLink(token);
    }
  }, []);
  useEffect(() => {
    if (state.view.kind === 'done') window.location.assign(state.view.next);
  }, [state.view]);

  // ?mode=phone on a server without SMS: the e-mail form (the phone tab is not shown either).
  const view = state.view.kind === 'phone' && ways.loaded && !ways.phone ? ({ kind: 'login' } as const) : state.view;
  const hydrated = useHydrated();
  // The tabs wait for the server's ways (asked by the page's inline script before this code loaded):
  // a phone tab that appeared later moved the form under the visitor's finger (CLS 0.08 at 390 px).
  const tabbed = view.kind === 'login' || view.kind === 'phone' || view.kind === 'register';
  if (!hydrated || (tabbed && !ways.loaded)) {
    return (
      <div className="auth-card card">
        <h1>Вход и регистрация</h1>
        <p role="status" className="muted">
          Загружаем форму…
        </p>
      </div>
    );
  }
  return (
    <div className="auth-card card">
      {view.kind === 'login' || view.kind === 'phone' || view.kind === 'register' ? <Tabs current={view.kind} phone={ways.phone} /> : null}
      <Screen view={view} />
      {(view.kind === 'login' || view.kind === 'phone' || view.kind === 'register') && ways.providers.length > 0 ? <ProviderButtons back={state.back} providers={ways.providers} /> : null}
    </div>
  );
}

/** Tab names. */
const TAB_LABELS = { login: 'Вход', phone: 'По номеру телефона', register: 'Регистрация' } as const;

/** "Вход" (e-mail), "По номеру телефона" (when the server sends SMS) and "Регистрация" as tabs. */
function Tabs({ current, phone }: { current: 'login' | 'phone' | 'register'; phone: boolean }) {
  const kinds = phone ? (['login', 'phone', 'register'] as const) : (['login', 'register'] as const);
  return (
    <div className="auth-tabs" role="tablist" aria-label="Вход или регистрация">
      {kinds.map((kind) => (
        <button key={kind} type="button" role="tab" className="auth-tabs__tab" aria-selected={current === kind} onClick={() => chooseView(kind)}>
          {TAB_LABELS[kind]}
        </button>
      ))}
    </div>
  );
}

/** The view itself. */
function Screen({ view }: { view: AuthView }) {
  switch (view.kind) {
    case 'login':
      return <LoginForm />;
    case 'phone':
      return <PhoneForm />;
    case 'register':
      return <RegisterForm />;
    case 'link':
    case 'reset':
      return <LinkForm type={view.kind === 'reset' ? 'reset' : 'login'} />;
    case 'sent':
      return <Sent purpose={view.purpose} email={view.email} />;
    case 'openingLink':
      return (
        <p role="status" className="form-note">
          <span className="spinner spinner--dark" aria-hidden="true" /> Входим по ссылке из письма…
        </p>
      );
    case 'linkFailed':
      return <LinkFailed message={view.message} />;
    case 'setPassword':
      return <FirstPassword />;
    case 'offerMerge':
      return <OfferDeviceData offer={view.offer} />;
    case 'done':
      return (
        <p role="status" className="form-note">
          Вы вошли. Открываем <a href={view.next}>{view.next === '/profile/' ? 'профиль' : 'страницу'}</a>…
        </p>
      );
  }
}

/** E-mail and password. */
function LoginForm() {
  const { busy, error, fields } = useStore($signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitLogin(email, password);
  };
  return (
    <>
      <h1>Вход</h1>
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field id="login-email" label="E-mail" name="email" type="email" value={email} onChange={setEmail} error={fields.email} autoComplete="username" inputMode="email" />
        <Field id="login-password" label="Пароль" name="password" type="password" value={password} onChange={setPassword} error={fields.password} autoComplete="current-password" />
        <FormError message={error} />
        <SubmitButton busy={busy}>Войти</SubmitButton>
      </form>
      <ul className="auth-links">
        <li>
          <button type="button" className="link-button" onClick={() => chooseView('link')}>
            Войти по ссылке из письма
          </button>
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => chooseView('reset')}>
            Забыли пароль?
          </button>
        </li>
      </ul>
    </>
  );
}

/** Sign-in or registration by a Russian mobile number and a code by SMS. */
function PhoneForm() {
  const { legalEntity } = useStore($signIn);
  return (
    <>
      <h1>Вход по номеру телефона</h1>
      <p className="muted">Если аккаунта с этим номером ещё нет, мы его создадим{legalEntity ? ' для организации' : ''}. Документы с этого устройства сохранятся в аккаунте.</p>
      <PhoneCodeForm
        form={phoneSignIn}
        id="auth"
        submitLabel="Войти"
        note={
          <p className="form-field__hint">
            Нажимая «Получить код», вы соглашаетесь на обработку персональных данных по <a href="/politics_personal_data/">политике конфиденциальности</a>.
          </p>
        }
      />
    </>
  );
}

/** Registration by e-mail, with the legal-entity choice and the consent. */
function RegisterForm() {
  const { busy, error, fields, legalEntity } = useStore($signIn);
  const [email, setEmail] = useState('');
  const [legal, setLegal] = useState(legalEntity);
  const [consent, setConsent] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitRegistration(email, legal, consent);
  };
  return (
    <>
      <h1>Регистрация</h1>
      <p className="muted">Пришлём ссылку для входа. Документы и поиски с этого устройства сохранятся в аккаунте.</p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field id="register-email" label="E-mail" name="email" type="email" value={email} onChange={setEmail} error={fields.email} autoComplete="email" inputMode="email" />
        <label className="check">
          <input type="checkbox" name="isLegalEntity" checked={legal} onChange={(event) => setLegal(event.currentTarget.checked)} />
          <span>Я представляю организацию</span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            name="consent"
            checked={consent}
            aria-invalid={fields.consent !== undefined}
            aria-describedby={fields.consent !== undefined ? 'register-consent-error' : undefined}
            onChange={(event) => setConsent(event.currentTarget.checked)}
          />
          <span>
            Согласен на обработку персональных данных по <a href="/politics_personal_data/">политике конфиденциальности</a>
          </span>
        </label>
        {fields.consent !== undefined && (
          <p id="register-consent-error" className="form-field__error">
            {fields.consent}
          </p>
        )}
        <FormError message={error} />
        <SubmitButton busy={busy}>Зарегистрироваться</SubmitButton>
      </form>
    </>
  );
}

/** A one-time sign-in link or a reset link, by e-mail. */
function LinkForm({ type }: { type: 'login' | 'reset' }) {
  const { busy, error, fields } = useStore($signIn);
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void requestLink(email, type);
  };
  return (
    <>
      <h1>{type === 'reset' ? 'Восстановление пароля' : 'Вход по ссылке'}</h1>
      <p className="muted">
        {type === 'reset'
          ? 'Пришлём ссылку, по которой можно задать новый пароль. Она действует 1 час.'
          : 'Пришлём ссылку для входа без пароля. Она действует 30 минут.'}
      </p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field id={`${type}-email`} label="E-mail" name="email" type="email" value={email} onChange={setEmail} error={fields.email} autoComplete="email" inputMode="email" />
        <FormError message={error} />
        <SubmitButton busy={busy}>Отправить ссылку</SubmitButton>
      </form>
      <ul className="auth-links">
        <li>
          <button type="button" className="link-button" onClick={() => chooseView('login')}>
            Войти с паролем
          </button>
        </li>
      </ul>
    </>
  );
}

/** What happens after a mail went out. */
function Sent({ purpose, email }: { purpose: 'register' | 'link' | 'reset'; email: string }) {
  const text = {
    register: 'Откройте письмо и нажмите «Подтвердить и войти». Ссылка действует 30 минут.',
    link: 'Если аккаунт с этим адресом есть, в письме будет ссылка для входа. Она действует 30 минут.',
    reset: 'Если аккаунт с этим адресом есть, в письме будет ссылка для нового пароля. Она действует 1 час.',
  }[purpose];
  return (
    <>
      <h1>Проверьте почту</h1>
      <p role="status" className="form-note">
        Мы отправили письмо на <strong>{email}</strong>. {text}
      </p>
      <p className="muted">Письма нет? Проверьте папку «Спам» или отправьте ещё раз через минуту.</p>
      <button type="button" className="btn btn--ghost" onClick={() => chooseView(purpose === 'register' ? 'register' : purpose === 'reset' ? 'reset' : 'link')}>
        Отправить ещё раз
      </button>
    </>
  );
}

/** A mailed link that no longer works, with a way to get a new one. */
function LinkFailed({ message }: { message: string }) {
  return (
    <>
      <h1>Ссылка не сработала</h1>
      <p className="form-error" role="alert">
        {message}
      </p>
      <ul className="auth-links">
        <li>
          <button type="button" className="btn" onClick={() => chooseView('link')}>
            Получить новую ссылку
          </button>
        </li>
        <li>
          <button type="button" className="btn btn--ghost" onClick={() => chooseView('login')}>
            Войти с паролем
          </button>
        </li>
      </ul>
    </>
  );
}

/** "2 документа, 1 платёж": the parts of a device's data that it has. */
function holdingsText(offer: DeviceDataOffer): string {
  const parts: string[] = [];
  if (offer.documents > 0) parts.push(`${offer.documents} ${plural(offer.documents, ['документ', 'документа', 'документов'])}`);
  if (offer.payments > 0) parts.push(`${offer.payments} ${plural(offer.payments, ['платёж', 'платежа', 'платежей'])}`);
  if (offer.searches > 0) parts.push(`${offer.searches} ${plural(offer.searches, ['найденный штраф или документ', 'найденных штрафа или документа', 'найденных штрафов или документов'])}`);
  return parts.join(', ');
}

/** After a link: what this device held before signing in moves into the account only if the person says so here. */
function OfferDeviceData({ offer }: { offer: DeviceDataOffer }) {
  const { busy, error } = useStore($signIn);
  const account = useStore($account);
  return (
    <>
      <h1>Перенести данные с этого устройства?</h1>
      <p>
        Вы вошли в аккаунт <strong>{account.email}</strong>. До входа на этом устройстве были: {holdingsText(offer)}.
      </p>
      <p className="muted">Переносите, только если это ваш аккаунт: его владелец увидит эти документы и платежи. Если аккаунт не ваш, не переносите и выйдите из него в профиле.</p>
      <FormError message={error} />
      <div className="auth-actions">
        <button type="button" className="btn" onClick={() => void acceptDeviceData()} disabled={busy} aria-busy={busy}>
          {busy ? 'Переносим…' : 'Перенести в аккаунт'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={declineDeviceData} disabled={busy}>
          Не переносить
        </button>
      </div>
    </>
  );
}

/** After a link: the account's first password, so it can sign in on other devices. */
function FirstPassword() {
  const { busy, error, fields } = useStore($signIn);
  const account = useStore($account);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitFirstPassword(password, confirm, account.email);
  };
  return (
    <>
      <h1>Вы вошли</h1>
      <p>
        Аккаунт <strong>{account.email}</strong> подтверждён. Задайте пароль, чтобы входить и с других устройств.
      </p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <input type="email" name="username" value={account.email} autoComplete="username" readOnly hidden />
        <Field id="first-password" label="Пароль" name="password" type="password" value={password} onChange={setPassword} error={fields.password} autoComplete="new-password" hint="Не короче 8 символов" />
        <Field id="first-confirm" label="Повторите пароль" name="confirm" type="password" value={confirm} onChange={setConfirm} error={fields.confirm} autoComplete="new-password" />
        <FormError message={error} />
        <SubmitButton busy={busy}>Сохранить пароль</SubmitButton>
      </form>
      <ul className="auth-links">
        <li>
          <button type="button" className="link-button" onClick={skipFirstPassword}>
            Задать позже
          </button>
        </li>
      </ul>
    </>
  );
}
