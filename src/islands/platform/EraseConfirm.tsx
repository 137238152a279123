import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $eraseConfirm, eraseNow, readEraseToken } from '../../stores/platform/privacy.ts';
import './platform.css';

/** /profile/erase/: the last step of erasing an account, opened from the mailed link. */
export default function EraseConfirm() {
  const state = useStore($eraseConfirm);
  useEffect(() => readEraseToken(), []);

  if (state.kind === 'done') {
    return (
      <section className="card" role="status">
        <h1>Аккаунт удалён</h1>
        <p>Мы удалили ваши данные. Записи об оплатах хранятся 5 лет без вашего e-mail, как требует закон.</p>
        <a className="btn" href="/">
          На главную
        </a>
      </section>
    );
  }
  if (state.kind === 'noToken') {
    return (
      <section className="card">
        <h1>Ссылка неполная</h1>
        <p>
          Откройте ссылку из письма целиком или запросите удаление ещё раз в <a href="/profile/">профиле</a>.
        </p>
      </section>
    );
  }
  return (
    <section className="card">
      <h1>Удалить аккаунт?</h1>
      <p>Аккаунт, документы, история поиска, уведомления и обращения будут удалены без возможности восстановления.</p>
      {state.kind === 'failed' && (
        <p role="alert" className="platform-error">
          {state.error}
        </p>
      )}
      <p className="privacy-actions">
        <button type="button" className="btn btn--danger" onClick={() => void eraseNow()} disabled={state.kind === 'busy'} aria-busy={state.kind === 'busy'}>
          {state.kind === 'busy' ? 'Удаляем…' : 'Удалить навсегда'}
        </button>
        <a className="btn btn--ghost" href="/profile/">
          Оставить аккаунт
        </a>
      </p>
    </section>
  );
}
