import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $accountStatus } from '../../stores/auth/account.ts';
import { $eraseBySignIn, loadErasureWay } from '../../stores/platform/eraseBySignIn.ts';
import { $privacy, askToErase, downloadMyData } from '../../stores/platform/privacy.ts';
import { useHydrated } from '../account/useHydrated.ts';
import { EraseByCode, EraseByProvider } from './EraseBySignIn.tsx';
import './platform.css';

/** On /profile/: "Скачать мои данные" and "Удалить аккаунт" (152-ФЗ art. 14, 21), for a signed-in account. */
export default function PrivacyPanel() {
  const hydrated = useHydrated();
  const status = useStore($accountStatus);
  const privacy = useStore($privacy);
  const bySignIn = useStore($eraseBySignIn);
  useEffect(() => {
    if (hydrated && status === 'signedIn') void loadErasureWay();
  }, [hydrated, status]);
  if (bySignIn.step === 'erased') {
    return (
      <section className="card privacy-panel" role="status" aria-labelledby="privacy-title">
        <h2 id="privacy-title">Аккаунт удалён</h2>
        <p>Мы удалили ваши данные. Записи об оплатах хранятся 5 лет без ваших контактов, как требует закон.</p>
        <a className="btn" href="/">
          На главную
        </a>
      </section>
    );
  }
  if (!hydrated || status !== 'signedIn') return null;
  const way = bySignIn.way?.way;
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
        ваших контактов. {WAY_NOTES[way ?? 'email']}
      </p>
      {way === 'phone' ? (
        <EraseByCode />
      ) : way === 'provider' ? (
        <EraseByProvider />
      ) : way === 'none' || way === undefined ? null : privacy.erase.kind === 'sent' ? (
        <p role="status">
          Письмо отправлено на {privacy.erase.email}. Откройте ссылку из него в течение часа, чтобы удалить аккаунт.
        </p>
      ) : (
        <button type="button" className="btn btn--danger" onClick={() => void askToErase()} disabled={privacy.erase.kind === 'asking'} aria-busy={privacy.erase.kind === 'asking'}>
          {privacy.erase.kind === 'asking' ? 'Отправляем письмо…' : 'Удалить аккаунт'}
        </button>
      )}
      {(privacy.error || bySignIn.error) !== '' && (
        <p role="alert" className="platform-error">
          {privacy.error || bySignIn.error}
        </p>
      )}
    </section>
  );
}

/** How the erasure is confirmed, by the account's way. */
const WAY_NOTES = {
  email: 'Сначала пришлём письмо со ссылкой для подтверждения.',
  phone: 'Подтвердите удаление кодом из SMS на номер аккаунта.',
  provider: 'Подтвердите удаление входом через привязанный Яндекс ID или VK ID.',
  none: 'Данные этого устройства удаляются выходом из аккаунта.',
} as const;
