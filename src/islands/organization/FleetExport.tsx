import { useEffect } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $fleetExport, chooseExport, downloadExport, openFleetExport } from '../../stores/organization/fleetExport.ts';
import type { ExportChoice } from '../../stores/organization/fleetExport.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { CabinetGate } from './CabinetGate.tsx';
import '../account/account.css';
import './lostProfit.css';

/** /download-file/: the fleet's fines as XLSX or CSV, by organization and payment. */
export default function FleetExport() {
  return (
    <AppErrorBoundary>
      <FleetExportView />
    </AppErrorBoundary>
  );
}

function FleetExportView() {
  const current = useStore($fleetExport).current;
  useEffect(() => {
    void openFleetExport(window.location.search);
  }, []);

  if (current.state === 'loading') {
    return (
      <section className="profit card" aria-busy="true">
        <h1>Выгрузка штрафов автопарка</h1>
        <p role="status" className="muted">
          <span className="spinner" aria-hidden="true" /> Загружаем организации…
        </p>
      </section>
    );
  }
  if (current.state !== 'ready') {
    return <CabinetGate className="profit" title="Выгрузка штрафов автопарка" signedOut={current.state === 'signedOut'} signedOutText="Войдите в кабинет организации, чтобы выгрузить штрафы автопарка." message={current.state === 'error' ? current.message : ''} />;
  }
  const { organizations, choice, downloading, message, saved } = current;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void downloadExport();
  };
  return (
    <form className="profit card" onSubmit={onSubmit} aria-labelledby="export-title">
      <h1 id="export-title">Выгрузка штрафов автопарка</h1>
      <p className="muted">Таблица для бухгалтерии: даты — датами, суммы — числами. В демо-периоде номера скрыты так же, как в кабинете.</p>
      {organizations.length === 0 ? (
        <p>
          В кабинете пока нет организаций. <a href="/organization/">Добавьте организацию и автопарк</a> — и здесь можно будет выгрузить их штрафы.
        </p>
      ) : (
        <>
          <div className="profit__fields">
            <div className="form-field">
              <label className="form-field__label" htmlFor="export-organization">
                Организация
              </label>
              <select id="export-organization" className="form-field__input" value={choice.organization} onChange={(event) => chooseExport({ organization: event.currentTarget.value })}>
                <option value="">Все организации</option>
                {organizations.map((organization) => (
                  <option key={organization.id} value={String(organization.id)}>
                    {organization.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label className="form-field__label" htmlFor="export-paid">
                Штрафы
              </label>
              <select id="export-paid" className="form-field__input" value={choice.paid} onChange={(event) => chooseExport({ paid: event.currentTarget.value as ExportChoice['paid'] })}>
                <option value="all">Все</option>
                <option value="0">Неоплаченные</option>
                <option value="1">Оплаченные</option>
              </select>
            </div>
          </div>
          <label>
            <input type="checkbox" checked={choice.discount} onChange={(event) => chooseExport({ discount: event.currentTarget.checked })} /> Только те, где ещё действует скидка
          </label>
          <fieldset className="pay-systems">
            <legend>Формат</legend>
            {(['xlsx', 'csv'] as const).map((format) => (
              <label key={format}>
                <input type="radio" name="format" value={format} checked={choice.format === format} onChange={() => chooseExport({ format })} /> {format === 'xlsx' ? 'Excel (XLSX)' : 'CSV для 1С и таблиц'}
              </label>
            ))}
          </fieldset>
          {message !== undefined && (
            <p className="form-field__error" role="alert">
              {message}
            </p>
          )}
          {saved !== undefined && <p role="status">Файл {saved} скачан.</p>}
          <p>
            <button type="submit" className="btn" disabled={downloading} aria-busy={downloading}>
              {downloading ? 'Готовим файл…' : 'Скачать'}
            </button>
          </p>
        </>
      )}
    </form>
  );
}
