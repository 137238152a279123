import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { masks } from '../../lib/masks.ts';
import { $fleet, addDriver, addVehicle, removeDriver, removeVehicle } from '../../stores/organization/fleet.ts';
import { vehicleErrors } from '../../stores/profile/documentForms.ts';
import { validators } from '../../lib/validators.ts';
import { Field, FormError, SubmitButton } from '../account/Field.tsx';
import { DeleteButton } from '../profile/DocumentControls.tsx';
import { ImportPanel } from './ImportPanel.tsx';

/** The chosen organization's vehicles and drivers, one by one or from a file. */
export function FleetPanel() {
  const { vehicles, drivers, busy, error } = useStore($fleet);
  const [open, setOpen] = useState<'vehicle' | 'driver' | 'import' | undefined>(undefined);
  return (
    <section className="card fleet-panel" aria-labelledby="fleet-title" aria-busy={busy}>
      <h2 id="fleet-title">Автопарк</h2>
      <FormError message={error} />
      <div className="fleet-columns">
        <div>
          <h3>Автомобили ({vehicles.length})</h3>
          {vehicles.length === 0 ? <p className="muted">Добавьте машины — будем искать их штрафы.</p> : (
            <ul className="doc-list fleet-list">
              {vehicles.map((v) => (
                <li key={v.id} className="doc-list__item">
                  <div className="doc-list__main">
                    <strong className="plate">{v.vehiclePlate}</strong>
                    <span>
                      СТС {v.sts}
                      {v.model !== null ? ` · ${v.model}` : ''}
                    </span>
                  </div>
                  <DeleteButton label={`автомобиль ${v.vehiclePlate}`} onDelete={() => removeVehicle(v.id)} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3>Водители ({drivers.length})</h3>
          {drivers.length === 0 ? <p className="muted">Добавьте права водителей — найдём штрафы, выписанные на них.</p> : (
            <ul className="doc-list fleet-list">
              {drivers.map((d) => (
                <li key={d.id} className="doc-list__item">
                  <div className="doc-list__main">
                    <strong>ВУ {d.driverLicense}</strong>
                    {d.fullName !== null && <span>{d.fullName}</span>}
                  </div>
                  <DeleteButton label={`водителя ${d.driverLicense}`} onDelete={() => removeDriver(d.id)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {open === 'vehicle' && <VehicleForm onDone={() => setOpen(undefined)} />}
      {open === 'driver' && <DriverForm onDone={() => setOpen(undefined)} />}
      {open === 'import' && <ImportPanel onDone={() => setOpen(undefined)} />}
      {open === undefined && (
        <div className="doc-panel__add">
          <button type="button" className="btn btn--ghost" onClick={() => setOpen('vehicle')}>
            Добавить автомобиль
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => setOpen('driver')}>
            Добавить водителя
          </button>
          <button type="button" className="btn" onClick={() => setOpen('import')}>
            Загрузить из XLSX или CSV
          </button>
        </div>
      )}
    </section>
  );
}

/** One vehicle. */
function VehicleForm({ onDone }: { onDone: () => void }) {
  const [sts, setSts] = useState('');
  const [plate, setPlate] = useState('');
  const [region, setRegion] = useState('');
  const [model, setModel] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof vehicleErrors>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = vehicleErrors({ sts, plate, region });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const failure = await addVehicle({ sts, vehiclePlateNumber: plate, vehiclePlateRegion: region, model });
    setBusy(false);
    setError(failure ?? '');
    if (failure === undefined) onDone();
  };
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label="Новый автомобиль автопарка">
      <div className="form-row form-row--3">
        <Field id="fleet-plate" label="Госномер" name="vehiclePlateNumber" value={plate} onChange={setPlate} error={errors.plate} mask={masks.plate} />
        <Field id="fleet-region" label="Регион" name="vehiclePlateRegion" value={region} onChange={setRegion} error={errors.region} mask={masks.region} inputMode="numeric" />
        <Field id="fleet-sts" label="Номер СТС" name="sts" value={sts} onChange={setSts} error={errors.sts} mask={masks.sts} />
      </div>
      <Field id="fleet-model" label="Марка и модель" name="model" value={model} onChange={setModel} hint="Необязательно" />
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

/** One driver. */
function DriverForm({ onDone }: { onDone: () => void }) {
  const [number, setNumber] = useState('');
  const [fullName, setFullName] = useState('');
  const [numberError, setNumberError] = useState<string | undefined>(undefined);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = number.trim() === '' ? 'Укажите номер удостоверения' : validators.driverLicense(number);
    setNumberError(problem);
    if (problem !== undefined) return;
    setBusy(true);
    const failure = await addDriver(number, fullName);
    setBusy(false);
    setError(failure ?? '');
    if (failure === undefined) onDone();
  };
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label="Новый водитель">
      <div className="form-row form-row--2">
        <Field id="fleet-dl" label="Серия и номер ВУ" name="driverLicense" value={number} onChange={setNumber} error={numberError} mask={masks.driverLicense} />
        <Field id="fleet-driver" label="ФИО водителя" name="fullName" value={fullName} onChange={setFullName} hint="Необязательно" />
      </div>
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
