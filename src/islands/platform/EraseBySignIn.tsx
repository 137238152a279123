import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Field } from '../account/Field.tsx';
import { $oauth, PROVIDER_LABELS } from '../../stores/auth/oauthSignIn.ts';
import { $eraseBySignIn, confirmThroughProvider, eraseConfirmed, sendEraseCode } from '../../stores/platform/eraseBySignIn.ts';

/** The erasure of an account with only a phone: a code by SMS to it, then «Удалить аккаунт». */
export function EraseByCode() {
  const state = useStore($eraseBySignIn);
  const [code, setCode] = useState('');
  const busy = state.step === 'sending' || state.step === 'erasing';
  if (state.step !== 'codeSent' && state.step !== 'erasing') {
    return (
      <button type="button" className="btn btn--danger" onClick={() => void sendEraseCode()} disabled={busy} aria-busy={busy}>
        {state.step === 'sending' ? 'Отправляем SMS…' : `Удалить аккаунт: код по SMS на ${state.way?.phone ?? 'ваш номер'}`}
      </button>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void eraseConfirmed(code);
  };
  return (
    <form className="privacy-actions" onSubmit={submit} noValidate>
      <p role="status">Код отправлен на {state.sentTo}. Он действует 5 минут. Удаление нельзя отменить.</p>
      <Field id="erase-code" label="Код из SMS" name="code" value={code} onChange={setCode} autoComplete="one-time-code" inputMode="numeric" />
      <button type="submit" className="btn btn--danger" disabled={busy} aria-busy={state.step === 'erasing'}>
        {state.step === 'erasing' ? 'Удаляем…' : 'Удалить аккаунт навсегда'}
      </button>
      <button type="button" className="link-button" onClick={() => void sendEraseCode()} disabled={busy}>
        Отправить код ещё раз
      </button>
    </form>
  );
}

/** The erasure of an account with only Яндекс ID or VK ID: a fresh sign-in through it, then «Удалить аккаунт навсегда» within 5 minutes. */
export function EraseByProvider() {
  const state = useStore($eraseBySignIn);
  const oauth = useStore($oauth);
  const way = state.way;
  if (way === undefined) return null;
  if (way.confirmedBy !== null) {
    return (
      <div className="privacy-actions">
        <p role="status">Вход через {PROVIDER_LABELS[way.confirmedBy]} подтверждён. Удалить аккаунт можно в течение 5 минут; это нельзя отменить.</p>
        <button type="button" className="btn btn--danger" onClick={() => void eraseConfirmed()} disabled={state.step === 'erasing'} aria-busy={state.step === 'erasing'}>
          {state.step === 'erasing' ? 'Удаляем…' : 'Удалить аккаунт навсегда'}
        </button>
      </div>
    );
  }
  return (
    <div className="privacy-actions">
      {way.providers.map((provider) => (
        <button key={provider} type="button" className="btn btn--danger" disabled={oauth.busy !== ''} aria-busy={oauth.busy === provider} onClick={() => void confirmThroughProvider(provider)}>
          Подтвердить удаление через {PROVIDER_LABELS[provider]}
        </button>
      ))}
      {oauth.error !== '' && (
        <p role="alert" className="platform-error">
          {oauth.error}
        </p>
      )}
    </div>
  );
}
