import { useStore } from '@nanostores/react';
import { $accountStatus } from '../../stores/auth/account.ts';
import { $privacy, askToErase, downloadMyData } from '../../stores/platform/privacy.ts';
import { useHydrated } from '../account/useHydrated.ts';
import './platform.css';

/** On /profile/: "Скачать мои данные" and "Удалить аккаунт" (152-ФЗ art. 14, 21), for a signed-in account. */
export default function PrivacyPanel() {
  const hydrated = useHydrated();
  const status = useStore($accountStatus);
  const privacy = useStore($privacy);
  if (!hydrated || status !== 'signedIn') return null;
  return (
    <section className="card privacy-panel" aria-labelledby="privacy-title">
      <h2 id="privacy-title">Мои данные</h2>
      <p>
        Скачайте всё, что мы храним о вас: документы, найденные штрафы, уведомления, согласия, обращения и действия на сайте — одним файлом JSON.
      </p>
      <button type="button" className="btn btn--ghost" onClick={() => void downloadMyData()} disabled={privacy.exporting} aria-busy={privacy.exporting}>
        {privacy.exporting ? 'Собираем данные…' : 'Скачать мои данные'}
      </button>
      <h3>Удаление аккаунта</h3>
      <p>
        Мы удалим аккаунт, документы, историю поиска, уведомления и обращения. Записи об оплатах закон обязывает хранить 5 лет — они останутся без
        вашего e-mail. Сначала пришлём письмо со ссылкой для подтверждения.
      </p>
      {privacy.erase.kind === 'sent' ? (
        <p role="status">
          Письмо отправлено на {privacy.erase.email}. Откройте ссылку из него в течение часа, чтобы удалить аккаунт.
        </p>
      ) : (
        <button type="button" className="btn btn--danger" onClick={() => void askToErase()} disabled={privacy.erase.kind === 'asking'} aria-busy={privacy.erase.kind === 'asking'}>
          {privacy.erase.kind === 'asking' ? 'Отправляем письмо…' : 'Удалить аккаунт'}
        </button>
      )}
      {privacy.error !== '' && (
        <p role="alert" className="platform-error">
          {privacy.error}
        </p>
      )}
    </section>
  );
}
