import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $account, $accountStatus, loadAccount } from '../../stores/auth/account.ts';
import { ensureDocuments, $documentsLoad } from '../../stores/profile/documents.ts';
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
  const status = useStore($accountStatus);
  const account = useStore($account);
  const load = useStore($documentsLoad);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    void loadAccount()
      .catch(() => undefined)
      .then(() => setChecked(true));
  }, []);
  useEffect(() => {
    if (!checked) return;
    if (status === 'signedIn') void ensureDocuments();
    else window.location.replace(`/auth/?back=${encodeURIComponent('/profile/')}${status === 'expired' ? '&expired=1' : ''}`);
  }, [checked, status]);

  if (!checked || status !== 'signedIn') {
    return (
      <p role="status" className="card">
        <span className="spinner spinner--dark" aria-hidden="true" /> Открываем профиль…
      </p>
    );
  }
  return (
    <div className="profile">
      <header className="profile__head">
        <h1>{account.name !== '' ? account.name : 'Профиль'}</h1>
        <p className="muted">{account.email}{account.userType === 3 ? ' · организация' : ''}</p>
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
