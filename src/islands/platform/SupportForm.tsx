import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $supportForm, editSupportField, openSupportForm, sendSupportTicket, supportContext } from '../../stores/platform/support.ts';
import { Field, FormError, SubmitButton } from '../account/Field.tsx';
import { useHydrated } from '../account/useHydrated.ts';
import '../account/account.css';
import './platform.css';

/** "Написать в поддержку": e-mail and message; the platform and app version go along and are shown. */
export default function SupportForm() {
  const form = useStore($supportForm);
  const hydrated = useHydrated();
  useEffect(() => void openSupportForm(), []);
  const { platform, appVersion } = supportContext();
  // The form works only with its script (its checks and the send); React would also write noValidate camel-cased into static HTML.
  if (!hydrated) return <p role="status">Загружаем форму…</p>;

  if (form.sentId !== undefined) {
    return (
      <section className="card" role="status">
        <h2>Обращение №{form.sentId} отправлено</h2>
        <p>
          Мы ответим на {form.email}, обычно в течение одного рабочего дня. На этот адрес уже ушло письмо с номером обращения.
        </p>
        <a className="btn btn--ghost" href="/">
          На главную
        </a>
      </section>
    );
  }
  return (
    <form
      className="card platform-form"
      noValidate
      aria-busy={form.busy}
      onSubmit={(event) => {
        event.preventDefault();
        void sendSupportTicket();
      }}
    >
      <Field id="support-email" label="E-mail для ответа" name="email" type="email" value={form.email} onChange={(v) => editSupportField('email', v)} error={form.errors.email} autoComplete="email" inputMode="email" required />
      <div className="form-field">
        <label className="form-field__label" htmlFor="support-content">
          Сообщение
        </label>
        <textarea
          id="support-content"
          name="content"
          className="form-field__input"
          value={form.content}
          maxLength={5000}
          required
          aria-invalid={form.errors.content !== undefined}
          aria-describedby={form.errors.content !== undefined ? 'support-content-error' : 'support-content-hint'}
          onChange={(event) => editSupportField('content', event.currentTarget.value)}
        />
        <p id="support-content-hint" className="form-field__hint">
          Опишите, что случилось и что вы ожидали. Не пишите номера документов и карт: они нам не нужны, чтобы помочь.
        </p>
        {form.errors.content !== undefined && (
          <p id="support-content-error" className="form-field__error">
            {form.errors.content}
          </p>
        )}
      </div>
      <p className="platform-form__meta">
        К обращению приложим: платформа <b>{platform === 'web' ? 'сайт' : 'расширение для браузера'}</b>, версия <b>{appVersion}</b>.
      </p>
      <FormError message={form.error} />
      <SubmitButton busy={form.busy}>Отправить</SubmitButton>
    </form>
  );
}
