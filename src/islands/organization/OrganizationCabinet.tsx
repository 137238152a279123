import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { adoptAddressCredentials } from '../../stores/auth/addressCredentials.ts';
import { $cabinet, becomeLegalEntity, openCabinet } from '../../stores/organization/cabinet.ts';
import { loadFleet } from '../../stores/organization/fleet.ts';
import { showOrganizationFines } from '../../stores/organization/fleetFines.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { FormError } from '../account/Field.tsx';
import { FleetAutopayPanel } from './FleetAutopayPanel.tsx';
import { FleetFinesTable } from './FleetFinesTable.tsx';
import { FleetPanel } from './FleetPanel.tsx';
import { IntegrationsPanel } from './integrations/IntegrationsPanel.tsx';
import { DriversPanel } from './drivers/DriversPanel.tsx';
import { OrganizationsPanel } from './OrganizationsPanel.tsx';
import { PaymentOrders } from './PaymentOrders.tsx';
import { SubscriptionBanner } from './SubscriptionBanner.tsx';
import { CabinetSignIn } from './CabinetSignIn.tsx';
import '../account/account.css';
import '../profile/profile.css';
import './cabinet.css';

/** /organization/ (and, with `formOnly`, /organizations-form-mobile/): the legal entity's cabinet. */
export default function OrganizationCabinet({ formOnly = false }: { formOnly?: boolean }) {
  return (
    <AppErrorBoundary>
      <Cabinet formOnly={formOnly} />
    </AppErrorBoundary>
  );
}

/** Checks the account, then shows organizations, subscription, fleet and fines of the chosen one. */
function Cabinet({ formOnly }: { formOnly: boolean }) {
  const { view, organizations, selected, busy, error } = useStore($cabinet);
  useEffect(() => {
    // The mobile app opens its form with credentials in the address: take them before anything asks for them.
    void (formOnly ? adoptAddressCredentials() : Promise.resolve()).then(() => openCabinet(window.location.pathname, window.location.search));
  }, []);
  useEffect(() => {
    if (view.kind === 'leaving') window.location.replace(view.to);
  }, [view]);
  useEffect(() => {
    if (selected === undefined || formOnly) return;
    void loadFleet(selected);
    void showOrganizationFines(selected);
  }, [selected]);

  if (view.kind === 'checking' || view.kind === 'leaving') {
    return (
      <div className="cabinet">
        <h1>Кабинет организации</h1>
        <p role="status" className="card">
          <span className="spinner spinner--dark" aria-hidden="true" /> Открываем кабинет…
        </p>
      </div>
    );
  }
  if (view.kind === 'notLegal') {
    return (
      <div className="cabinet">
        <h1>Кабинет организации</h1>
        <div className="card">
          <p>Кабинет нужен, чтобы следить за штрафами автопарка компании или ИП: все машины и водители в одном месте, демо-доступ, счета на подписку.</p>
          <FormError message={error} />
          <button type="button" className="btn" disabled={busy} onClick={() => void becomeLegalEntity()}>
            Я представляю организацию
          </button>
        </div>
      </div>
    );
  }
  const chosen = organizations.find((o) => o.id === selected);
  return (
    <div className="cabinet">
      <h1>{formOnly ? 'Организация' : 'Кабинет организации'}</h1>
      <FormError message={error} />
      {chosen !== undefined && !formOnly && <SubscriptionBanner organization={chosen} />}
      <OrganizationsPanel />
      {chosen !== undefined && !formOnly && (
        <>
          <FleetPanel />
          <DriversPanel organizationId={chosen.id} />
          <FleetFinesTable />
          <FleetAutopayPanel organizationId={chosen.id} />
          <IntegrationsPanel organization={chosen} />
          <PaymentOrders organization={chosen} />
          <nav className="cabinet-links" aria-label="Отчёты">
            <a href="/fine-analytics/">Аналитика штрафов</a>
            <a href="/download-file/">Выгрузка в Excel</a>
          </nav>
        </>
      )}
      {!formOnly && <CabinetSignIn />}
    </div>
  );
}
