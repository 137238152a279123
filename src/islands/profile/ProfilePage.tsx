import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $account } from '../../stores/auth/account.ts';
import { $documentsLoad } from '../../stores/profile/documents.ts';
import { $profileName, $profileView, openProfile } from '../../stores/profile/profilePage.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { InnsPanel } from './InnsPanel.tsx';
import { LicencesPanel } from './LicencesPanel.tsx';
import { OrdinancesList } from './OrdinancesList.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { VehiclesPanel } from './VehiclesPanel.tsx';
import '../account/account.css';
import './profile.css';

/** /profile/: the account's documents, ordinances and settings; a visitor who is not signed in goes to /auth/ and comes back. */
export default function ProfilePage() {
  return (
    <AppErrorBoundary>
      <Profile />
    </AppErrorBoundary>
  );
}

/** Checks the session first, then shows the cabinet. */
function Profile() {
  const view = useStore($profileView);
  const account = useStore($account);
  const name = useStore($profileName);
  const load = useStore($documentsLoad);
  useEffect(() => {
    void openProfile();
  }, []);
  useEffect(() => {
    if (view.kind === 'leaving') window.location.replace(view.to);
  }, [view]);

  if (view.kind !== 'cabinet') {
    return (
      <div className="profile">
        <h1>Профиль</h1>
        <p role="status" className="card">
          <span className="spinner spinner--dark" aria-hidden="true" /> Открываем профиль…
        </p>
      </div>
    );
  }
  return (
    <div className="profile">
      <header className="profile__head">
        <h1>{name !== '' ? name : 'Профиль'}</h1>
        <p className="muted">{account.email}</p>
        <p>
          <a href="/webview/ordinances-map/">Карта штрафов и камер</a> — где выписаны ваши штрафы и какие камеры стоят рядом.
        </p>
        {account.userType === 3 && (
          <p>
            <a href="/organization/">Кабинет организации</a> — штрафы автопарка.
          </p>
        )}
      </header>
      {load.error !== '' && (
        <p className="form-error" role="alert">
          {load.error}
        </p>
      )}
      <OrdinancesList />
      <div className="profile__docs">
        <VehiclesPanel />
        <LicencesPanel />
        <InnsPanel />
      </div>
      <SettingsPanel />
    </div>
  );
}
