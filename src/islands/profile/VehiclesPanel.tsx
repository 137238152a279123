import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Sts } from '../../api/structs/sts.ts';
import { masks } from '../../lib/masks.ts';
import { parseVehicleLines } from '../../lib/vehicleImport.ts';
import { $documents, addVehicle, editVehicle, importVehicles, removeVehicle } from '../../stores/profile/documents.ts';
import { vehicleErrors } from '../../stores/profile/documentForms.ts';
import { Field } from '../account/Field.tsx';
import { DocumentPanel, DocumentRows, FormFooter, useDocumentForm } from './DocumentControls.tsx';
import type { DocumentFormProps } from './DocumentControls.tsx';

/** Vehicles (СТС with plate): list, add, edit, delete, import. */
export function VehiclesPanel() {
  const { transport } = useStore($documents);
  const [editing, setEditing] = useState<number | 'new' | 'import' | undefined>(undefined);
  return (
    <DocumentPanel id="vehicles-title" title="Автомобили (СТС)" count={transport.length}>
      {transport.length === 0 && editing === undefined && <p className="muted">Добавьте СТС — будем проверять штрафы по машине.</p>}
      <DocumentRows
        items={transport}
        editing={editing}
        onEdit={setEditing}
        label={(sts) => sts.vehiclePlate}
        details={(sts) => (
          <>
            <strong className="plate">{sts.vehiclePlate}</strong>
            <span>СТС {sts.sts}</span>
          </>
        )}
        form={(sts, done) => <VehicleForm initial={sts} onDone={done} />}
        onDelete={(sts) => removeVehicle(sts.id)}
      />
      {editing === 'new' && <VehicleForm onDone={() => setEditing(undefined)} />}
      {editing === 'import' && <ImportForm onDone={() => setEditing(undefined)} />}
      {editing === undefined && (
        <div className="doc-panel__add">
          <button type="button" className="btn btn--ghost" onClick={() => setEditing('new')}>
            Добавить СТС
          </button>
          <button type="button" className="link-button" onClick={() => setEditing('import')}>
            Загрузить списком
          </button>
        </div>
      )}
    </DocumentPanel>
  );
}

/** Adds a vehicle, or edits `initial`. */
export function VehicleForm({ initial, onDone, cancellable = true, idPrefix }: DocumentFormProps<Sts>) {
  const [sts, setSts] = useState(initial?.sts ?? '');
  const [plate, setPlate] = useState(initial?.vehiclePlateNumber ?? '');
  const [region, setRegion] = useState(initial?.vehiclePlateRegion ?? '');
  const { errors, error, busy, submit } = useDocumentForm(
    () => vehicleErrors({ sts, plate, region }),
    () => {
      const request = { sts, vehiclePlateNumber: plate, vehiclePlateRegion: region };
      return initial === undefined ? addVehicle(request) : editVehicle(initial.id, request);
    },
    onDone,
  );
  const prefix = idPrefix ?? (initial === undefined ? 'sts-new' : `sts-${initial.id}`);
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label={initial === undefined ? 'Новое СТС' : `Изменить ${initial.vehiclePlate}`}>
      <div className="form-row form-row--3">
        <Field id={`${prefix}-plate`} label="Госномер" name="vehiclePlateNumber" value={plate} onChange={setPlate} error={errors.plate} mask={masks.plate} />
        <Field id={`${prefix}-region`} label="Регион" name="vehiclePlateRegion" value={region} onChange={setRegion} error={errors.region} mask={masks.region} inputMode="numeric" />
        <Field id={`${prefix}-sts`} label="Номер СТС" name="sts" value={sts} onChange={setSts} error={errors.sts} mask={masks.sts} />
      </div>
      <FormFooter error={error} busy={busy} submitLabel={initial === undefined ? 'Добавить' : 'Сохранить'} onCancel={cancellable ? onDone : undefined} />
    </form>
  );
}

/** Several vehicles at once, pasted one per line. */
function ImportForm({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseVehicleLines(text);
    if ('line' in parsed) {
      setError(`Строка ${parsed.line}: ${parsed.message}`);
      return;
    }
    setBusy(true);
    const failure = await importVehicles(parsed.vehicles);
    setBusy(false);
    setError(failure ?? '');
    if (failure === undefined) onDone();
  };
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label="Загрузить СТС списком">
      <div className="form-field">
        <label className="form-field__label" htmlFor="sts-import">
          Машины, по одной в строке
        </label>
        <textarea id="sts-import" name="stsList" className="form-field__input" rows={5} value={text} onChange={(event) => setText(event.currentTarget.value)} aria-describedby="sts-import-hint" />
        <p id="sts-import-hint" className="form-field__hint">
          Госномер с регионом и СТС через запятую, например: А123ВС77, 99 41 123456. До 50 машин.
        </p>
      </div>
      <FormFooter error={error} busy={busy} submitLabel="Загрузить" onCancel={onDone} />
    </form>
  );
}
