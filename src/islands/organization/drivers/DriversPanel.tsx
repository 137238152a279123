import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { FleetDriverCard } from '../../../api/structs/fleetDrivers.ts';
import { $fleet } from '../../../stores/organization/fleet.ts';
import { $drivers, addDriverAssignment, downloadDriverStatement, loadDrivers, removeDriverAssignment, saveDriverEmail, switchDriverNotices } from '../../../stores/organization/drivers.ts';
import { filterFleetFines } from '../../../stores/organization/fleetFines.ts';
import { FormError, SubmitButton } from '../../account/Field.tsx';
import { DeleteButton } from '../../profile/DocumentControls.tsx';
import { WaybillImport, ruDateTime } from './WaybillImport.tsx';

/** Who drove: the drivers' e-mails and mails, the waybills (one by one or a register), fines without a driver, monthly statements. */
export function DriversPanel({ organizationId }: { organizationId: number }) {
  const { board, busy, error } = useStore($drivers);
  const [open, setOpen] = useState<'assignment' | 'import' | undefined>(undefined);
  useEffect(() => {
    void loadDrivers(organizationId);
  }, [organizationId]);
  return (
    <section className="card fleet-panel" aria-labelledby="drivers-title" aria-busy={busy}>
      <h2 id="drivers-title">Кто был за рулём</h2>
      <p className="muted">Штраф на машину компании достаётся водителю по путевому листу на время нарушения — по часовому поясу региона автомобиля.</p>
      <FormError message={error} />
      {board !== undefined && (
        <>
          {board.unmatched > 0 && (
            <p className="fleet-totals">
              Штрафов без водителя: <strong>{board.unmatched}</strong>.{' '}
              <button type="button" className="btn btn--small btn--ghost" onClick={() => void filterFleetFines({ driver: 'none' })}>
                Показать их
              </button>
            </p>
          )}
          <label className="check">
            <input type="checkbox" checked={board.notifyDrivers} onChange={(e) => void switchDriverNotices(e.currentTarget.checked)} />
            <span>Сообщать водителям о новых штрафах по их сменам (письмо на адрес водителя, по подписке)</span>
          </label>
          <h3>Водители ({board.drivers.length})</h3>
          {board.drivers.length === 0 ? (
            <p className="muted">Добавьте водителей в автопарке выше или загрузите реестр путевых листов — водители из него добавятся сами.</p>
          ) : (
            <ul className="doc-list fleet-list">
              {board.drivers.map((driver) => (
                <DriverRow key={driver.id} driver={driver} />
              ))}
            </ul>
          )}
          <h3>Путевые листы</h3>
          {board.assignments.length === 0 ? (
            <p className="muted">Путевых листов пока нет.</p>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Путевые листы">
              <table className="data-table data-table--cards">
                <thead>
                  <tr>
                    <th scope="col">Автомобиль</th>
                    <th scope="col">Водитель</th>
                    <th scope="col">Выезд</th>
                    <th scope="col">Возвращение</th>
                    <th scope="col">
                      <span className="visually-hidden">Удалить</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {board.assignments.map((a) => (
                    <tr key={a.id}>
                      <td data-label="Автомобиль" className="plate">
                        {a.vehiclePlate}
                      </td>
                      <td data-label="Водитель">{a.driverName}</td>
                      <td data-label="Выезд" className="nowrap">
                        {ruDateTime(a.startsAt)}
                      </td>
                      <td data-label="Возвращение" className="nowrap">
                        {ruDateTime(a.endsAt)}
                      </td>
                      <td>
                        <DeleteButton label={`путевой лист ${a.vehiclePlate} ${ruDateTime(a.startsAt)}`} onDelete={() => removeDriverAssignment(a.id)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {open === 'assignment' && <AssignmentForm drivers={board.drivers} onDone={() => setOpen(undefined)} />}
          {open === 'import' && <WaybillImport onDone={() => setOpen(undefined)} />}
          {open === undefined && (
            <div className="doc-panel__add">
              <button type="button" className="btn btn--ghost" onClick={() => setOpen('assignment')}>
                Добавить путевой лист
              </button>
              <button type="button" className="btn" onClick={() => setOpen('import')}>
                Загрузить реестр путевых листов
              </button>
            </div>
          )}
          {board.drivers.length > 0 && <StatementForm drivers={board.drivers} />}
        </>
      )}
    </section>
  );
}

/** A driver with the e-mail fines are mailed to. */
function DriverRow({ driver }: { driver: FleetDriverCard }) {
  const [email, setEmail] = useState(driver.email ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const label = driver.fullName ?? `ВУ ${driver.driverLicense}`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError((await saveDriverEmail(driver.id, email)) ?? '');
    setBusy(false);
  };
  return (
    <li className="doc-list__item">
      <div className="doc-list__main">
        <strong>{label}</strong>
        <span>ВУ {driver.driverLicense}</span>
      </div>
      <form className="driver-email" onSubmit={submit} noValidate aria-label={`E-mail водителя ${label}`}>
        <label className="visually-hidden" htmlFor={`driver-email-${driver.id}`}>
          E-mail водителя {label}
        </label>
        <input id={`driver-email-${driver.id}`} className="form-field__input" type="email" autoComplete="off" placeholder="E-mail для писем о штрафах" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <SubmitButton busy={busy}>Сохранить</SubmitButton>
        <FormError message={error} />
      </form>
    </li>
  );
}

/** One assignment: a vehicle, a driver, from…to in the vehicle region's time. */
function AssignmentForm({ drivers, onDone }: { drivers: readonly FleetDriverCard[]; onDone: () => void }) {
  const { vehicles } = useStore($fleet);
  const [vehicleId, setVehicleId] = useState(String(vehicles[0]?.id ?? ''));
  const [driverId, setDriverId] = useState(String(drivers[0]?.id ?? ''));
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (vehicleId === '' || driverId === '' || startsAt === '' || endsAt === '') {
      setError('Выберите автомобиль и водителя и укажите выезд и возвращение');
      return;
    }
    setBusy(true);
    const failure = await addDriverAssignment({ vehicleId: Number(vehicleId), driverId: Number(driverId), startsAt, endsAt });
    setBusy(false);
    setError(failure ?? '');
    if (failure === undefined) onDone();
  };
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label="Новый путевой лист">
      <div className="form-row form-row--2">
        <label className="form-field">
          <span className="form-field__label">Автомобиль</span>
          <select className="form-field__input" value={vehicleId} onChange={(e) => setVehicleId(e.currentTarget.value)}>
            {vehicles.map((v) => (
              <option key={v.id} value={v.id}>
                {v.vehiclePlate}
              </option>
            ))}
          </select>
        </label>
        <label className="form-field">
          <span className="form-field__label">Водитель</span>
          <select className="form-field__input" value={driverId} onChange={(e) => setDriverId(e.currentTarget.value)}>
            {drivers.map((d) => (
              <option key={d.id} value={d.id}>
                {d.fullName ?? `ВУ ${d.driverLicense}`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="form-row form-row--2">
        <label className="form-field">
          <span className="form-field__label">Выезд</span>
          <input className="form-field__input" type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.currentTarget.value)} />
        </label>
        <label className="form-field">
          <span className="form-field__label">Возвращение</span>
          <input className="form-field__input" type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.currentTarget.value)} />
        </label>
      </div>
      <p className="form-field__hint">Время — по часовому поясу региона автомобиля (по коду региона на госномере).</p>
      <FormError message={error} />
      <div className="doc-form__buttons">
        <SubmitButton busy={busy}>Добавить</SubmitButton>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          Отмена
        </button>
      </div>
    </form>
  );
}

/** The previous month as 'YYYY-MM' (statements are made after the month ends). */
const previousMonth = () => {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return month.toISOString().slice(0, 7);
};

/** A driver's monthly statement: fines, what was paid, what to withhold (within ТК РФ ст. 138), the consent to sign. */
function StatementForm({ drivers }: { drivers: readonly FleetDriverCard[] }) {
  const [driverId, setDriverId] = useState(String(drivers[0]?.id ?? ''));
  const [month, setMonth] = useState(previousMonth);
  const [pay, setPay] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const download = async (format: 'xlsx' | 'pdf') => {
    setBusy(true);
    setError((await downloadDriverStatement(Number(driverId), { month, format, payRoubles: pay })) ?? '');
    setBusy(false);
  };
  return (
    <form className="doc-form" onSubmit={(e) => e.preventDefault()} aria-label="Ведомость водителя за месяц">
      <h3>Ведомость водителя за месяц</h3>
      <p className="muted">Штрафы смен водителя, что уплатила компания, что удержать из зарплаты — не больше 20&nbsp;% выплаты (ТК РФ ст.&nbsp;138) — и согласие на удержание для подписи.</p>
      <div className="form-row form-row--3">
        <label className="form-field">
          <span className="form-field__label">Водитель</span>
          <select className="form-field__input" value={driverId} onChange={(e) => setDriverId(e.currentTarget.value)}>
            {drivers.map((d) => (
              <option key={d.id} value={d.id}>
                {d.fullName ?? `ВУ ${d.driverLicense}`}
              </option>
            ))}
          </select>
        </label>
        <label className="form-field">
          <span className="form-field__label">Месяц</span>
          <input className="form-field__input" type="month" value={month} onChange={(e) => setMonth(e.currentTarget.value)} />
        </label>
        <label className="form-field">
          <span className="form-field__label">Ближайшая выплата после НДФЛ, ₽</span>
          <input className="form-field__input" inputMode="decimal" value={pay} onChange={(e) => setPay(e.currentTarget.value)} placeholder="Необязательно" />
        </label>
      </div>
      <FormError message={error} />
      <div className="doc-form__buttons">
        <button type="button" className="btn" disabled={busy || driverId === ''} onClick={() => void download('xlsx')}>
          Скачать XLSX
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy || driverId === ''} onClick={() => void download('pdf')}>
          Скачать PDF
        </button>
      </div>
    </form>
  );
}
