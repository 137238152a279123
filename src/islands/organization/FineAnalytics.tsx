import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { formatRub } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';
import { finesCount, paidWithDiscountText } from '../../lib/fleetAnalyticsText.ts';
import { $fleetAnalytics, chooseAnalyticsOrganization, openFleetAnalytics } from '../../stores/organization/fleetAnalytics.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { CabinetGate } from './CabinetGate.tsx';
import { BarChart } from './BarChart.tsx';
import './analytics.css';

/** /fine-analytics/: the fleet's fines by month, article, vehicle and driver, and what the discount saved. */
export default function FineAnalytics() {
  return (
    <AppErrorBoundary>
      <FineAnalyticsView />
    </AppErrorBoundary>
  );
}

/** The way back to the cabinet, on every state of the page. */
const BackLink = () => (
  <a className="analytics__back" href="/organization/">
    <span aria-hidden="true">←</span> Кабинет организации
  </a>
);

function FineAnalyticsView() {
  const current = useStore($fleetAnalytics).current;
  useEffect(() => {
    void openFleetAnalytics(window.location.search);
  }, []);
  if (current.state === 'loading') {
    return (
      <section className="analytics card" aria-busy="true">
        <BackLink />
        <h1>Аналитика штрафов автопарка</h1>
        <p role="status" className="muted">
          <span className="spinner spinner--dark" aria-hidden="true" /> Загружаем организации…
        </p>
      </section>
    );
  }
  if (current.state !== 'ready') {
    return <CabinetGate className="analytics" title="Аналитика штрафов автопарка" signedOut={current.state === 'signedOut'} signedOutText="Войдите в кабинет организации, чтобы увидеть аналитику штрафов автопарка." message={current.state === 'error' ? current.message : ''} />;
  }
  const { organizations, organization, busy, figures, message } = current;
  return (
    <div className="analytics">
      <BackLink />
      <header className="analytics__head">
        <h1>Аналитика штрафов автопарка</h1>
        {organizations.length === 0 ? (
          <p>
            В кабинете пока нет организаций. <a href="/organization/">Добавьте организацию и автопарк</a> — и здесь появятся графики.
          </p>
        ) : (
          <label className="analytics__choose">
            Организация
            <select value={organization} onChange={(event) => void chooseAnalyticsOrganization(event.target.value)} disabled={busy}>
              <option value="">Все организации</option>
              {organizations.map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </header>
      {busy && (
        <p role="status" className="muted">
          <span className="spinner spinner--dark" aria-hidden="true" /> Считаем…
        </p>
      )}
      {message !== undefined && <p role="alert">{message}</p>}
      {figures !== undefined && !busy && (
        <>
          <section className="analytics__summary card" aria-label="Итоги">
            <p>
              Всего: <strong>{finesCount(figures.total.count)}</strong> на&nbsp;{formatRub(figures.total.amount)}.
            </p>
            <p>
              Сэкономлено на скидках: <strong>{formatRub(figures.savings.saved)}</strong> — {paidWithDiscountText(figures.savings.paidWithDiscount)}.
            </p>
            {figures.savings.discountRunning > 0 && (
              <p>
                Скидка ещё действует по {figures.savings.discountRunning === 1 ? 'одному штрафу' : `${figures.savings.discountRunning} ${plural(figures.savings.discountRunning, ['штрафу', 'штрафам', 'штрафам'])}`}: оплата сейчас сбережёт <strong>{formatRub(figures.savings.canSaveNow)}</strong>. <a href="/organization/">К штрафам</a>
              </p>
            )}
            {figures.masked && <p className="muted">Демо-доступ или подписка закончилась: госномера и номера удостоверений скрыты звёздочками, суммы и количество — полностью.</p>}
          </section>
          <div className="analytics__charts">
            <BarChart title="По месяцам" bars={figures.byMonth} note={figures.byMonth.length > 1 ? 'Месяцы без штрафов показаны нулём.' : undefined} />
            <BarChart title="По статьям КоАП" bars={figures.byArticle} />
            <BarChart title="По автомобилям" bars={figures.byVehicle} />
            <BarChart title="По водителям" bars={figures.byDriver} />
          </div>
        </>
      )}
    </div>
  );
}
