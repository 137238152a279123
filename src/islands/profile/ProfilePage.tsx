import { useEffect, useLayoutEffect } from 'react';
import type { KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $account } from '../../stores/auth/account.ts';
import { $documentsLoad } from '../../stores/profile/documents.ts';
import {
  $finesSectionView,
  $profileName,
  $profileSection,
  $profileView,
  PROFILE_SECTIONS,
  SECTION_TITLES,
  neighbourSection,
  openProfile,
  openSection,
  sectionFromHash,
} from '../../stores/profile/profilePage.ts';
import type { ProfileSection } from '../../stores/profile/profilePage.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { PROFILE_SHELL_ID } from '../../lib/profileShell.ts';
import PrivacyPanel from '../platform/PrivacyPanel.tsx';
import { InnsPanel } from './InnsPanel.tsx';
import { LicencesPanel } from './LicencesPanel.tsx';
import { OrdinancesList } from './OrdinancesList.tsx';
import { ProfileStart } from './ProfileStart.tsx';
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

/** The ids of a section's tab and panel. */
const tabId = (section: ProfileSection) => `profile-tab-${section}`;
const panelId = (section: ProfileSection) => `profile-panel-${section}`;

/** Checks the session first, then shows the cabinet: its heading and three sections as tabs («Штрафы», «Документы», «Уведомления и настройки»). */
function Profile() {
  const view = useStore($profileView);
  const account = useStore($account);
  const name = useStore($profileName);
  const load = useStore($documentsLoad);
  const section = useStore($profileSection);
  useEffect(() => {
    void openProfile();
    // The address names the section (/profile/#documents), so it can be linked to and survives a reload.
    const fromHash = () => openSection(sectionFromHash(window.location.hash));
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);
  useEffect(() => {
    if (view.kind === 'leaving') window.location.replace(view.to);
  }, [view]);

  // The page's static first state (ProfileShell.astro: «Открываем профиль…», the first fines the inline
  // script painted) stays until the cabinet is shown, and goes in the same commit.
  useLayoutEffect(() => {
    if (view.kind === 'cabinet') document.getElementById(PROFILE_SHELL_ID)?.remove();
  }, [view]);

  if (view.kind !== 'cabinet') return null;
  /** Opens a section and writes it in the address without adding a history step. */
  const choose = (next: ProfileSection, focus = false) => {
    openSection(next);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#${next}`);
    if (focus) document.getElementById(tabId(next))?.focus();
  };
  // Arrow keys move between the tabs, Home and End go to the first and the last (WAI-ARIA tabs pattern).
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => ProfileSection> = {
      ArrowRight: () => neighbourSection(1),
      ArrowLeft: () => neighbourSection(-1),
      Home: () => PROFILE_SECTIONS[0],
      End: () => PROFILE_SECTIONS[PROFILE_SECTIONS.length - 1] ?? 'settings',
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next(), true);
  };
  return (
    <div className="profile">
      <header className="profile__head">
        <h1>{name !== '' ? name : 'Профиль'}</h1>
        <p className="muted">{account.email}</p>
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
      <div className="profile-tabs" role="tablist" aria-label="Разделы профиля" onKeyDown={onKey}>
        {PROFILE_SECTIONS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={tabId(item)}
            className="profile-tabs__tab"
            aria-selected={section === item}
            aria-controls={panelId(item)}
            tabIndex={section === item ? 0 : -1}
            onClick={() => choose(item)}
          >
            {SECTION_TITLES[item]}
          </button>
        ))}
      </div>
      {/* Every panel stays mounted, so a half-typed form or a chosen filter survives a look at another tab. */}
      <div role="tabpanel" id={panelId('fines')} aria-labelledby={tabId('fines')} hidden={section !== 'fines'} className="profile__panel">
        <FinesSection />
      </div>
      <div role="tabpanel" id={panelId('documents')} aria-labelledby={tabId('documents')} hidden={section !== 'documents'} className="profile__panel">
        <div className="profile__docs">
          <VehiclesPanel />
          <LicencesPanel />
          <InnsPanel />
        </div>
      </div>
      <div role="tabpanel" id={panelId('settings')} aria-labelledby={tabId('settings')} hidden={section !== 'settings'} className="profile__panel">
        <SettingsPanel />
        <PrivacyPanel />
      </div>
    </div>
  );
}

/** «Штрафы»: the first step of a profile without documents, or the list of fines, taxes and debts. */
function FinesSection() {
  const view = useStore($finesSectionView);
  if (view === 'loading') {
    return (
      <p role="status" className="card">
        <span className="spinner spinner--dark" aria-hidden="true" /> Загружаем документы…
      </p>
    );
  }
  if (view === 'start') return <ProfileStart />;
  return (
    <>
      <OrdinancesList returnUrl="/profile/" />
      <p className="profile__links">
        <a href="/webview/ordinances-map/">Карта штрафов и камер</a> — где выписаны ваши штрафы и какие камеры стоят рядом.
      </p>
    </>
  );
}
