import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { DriverLicense } from '../../api/structs/driverLicense.ts';
import { masks } from '../../lib/masks.ts';
import { splitFio } from '../../lib/names.ts';
import { $documents, addDriverLicence, editDriverLicence, removeDriverLicence } from '../../stores/profile/documents.ts';
import { licenceErrors } from '../../stores/profile/documentForms.ts';
import { Field, FormError, SubmitButton } from '../account/Field.tsx';
import { DeleteButton, DocumentPanel } from './DocumentControls.tsx';

/** Driver licences (ВУ): number, issue date and the driver's name. */
export function LicencesPanel() {
  const { driverLicense } = useStore($documents);
  const [editing, setEditing] = useState<number | 'new' | undefined>(undefined);
  return (
    <DocumentPanel id="licences-title" title="Водительские удостоверения" count={driverLicense.length}>
      {driverLicense.length === 0 && editing === undefined && <p className="muted">Добавьте права — найдём штрафы, выписанные на водителя.</p>}
      <ul className="doc-list">
        {driverLicense.map((dl) => (
          <li key={dl.id} className="doc-list__item">
            {editing === dl.id ? (
              <LicenceForm initial={dl} onDone={() => setEditing(undefined)} />
            ) : (
              <>
                <div className="doc-list__main">
                  <strong>ВУ {dl.driverLicense}</strong>
                  <span>{[dl.driverName, dl.issue_date === null ? '' : `выдано ${dl.issue_date}`].filter(Boolean).join(', ')}</span>
                </div>
                <div className="doc-list__actions">
                  <button type="button" className="link-button" onClick={() => setEditing(dl.id)} aria-label={`Изменить ВУ ${dl.driverLicense}`}>
                    Изменить
                  </button>
                  <DeleteButton label={`ВУ ${dl.driverLicense}`} onDelete={() => removeDriverLicence(dl.id)} />
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' && <LicenceForm onDone={() => setEditing(undefined)} />}
      {editing === undefined && (
        <div className="doc-panel__add">
          <button type="button" className="btn btn--ghost" onClick={() => setEditing('new')}>
            Добавить удостоверение
          </button>
        </div>
      )}
    </DocumentPanel>
  );
}

/** Adds a licence, or edits `initial`; the name is typed as one line of three words. */
function LicenceForm({ initial, onDone }: { initial?: DriverLicense; onDone: () => void }) {
  const [number, setNumber] = useState(initial?.driverLicense ?? '');
  const [issueDate, setIssueDate] = useState(initial?.issue_date ?? '');
  const [fio, setFio] = useState(initial?.driverName ?? '');
  const [errors, setErrors] = useState<ReturnType<typeof licenceErrors>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const prefix = initial === undefined ? 'dl-new' : `dl-${initial.id}`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = licenceErrors({ number, issueDate, fio });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const name = splitFio(fio);
    const request = { driverLicense: number, issue_date: issueDate, surname: name?.surname ?? '', name: name?.name ?? '', patronymic: name?.patronymic ?? '' };
    setBusy(true);
    const failure = initial === undefined ? await addDriverLicence(request) : await editDriverLicence(initial.id, request);
    setBusy(false);
    setError(failure ?? '');
    if (failure === undefined) onDone();
  };
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label={initial === undefined ? 'Новое удостоверение' : `Изменить ВУ ${initial.driverLicense}`}>
      <div className="form-row form-row--2">
        <Field id={`${prefix}-number`} label="Серия и номер" name="driverLicense" value={number} onChange={setNumber} error={errors.number} mask={masks.driverLicense} />
        <Field id={`${prefix}-date`} label="Дата выдачи" name="issue_date" value={issueDate} onChange={setIssueDate} error={errors.issueDate} mask={masks.date} inputMode="numeric" hint="Необязательно" />
      </div>
      <Field id={`${prefix}-fio`} label="Фамилия, имя, отчество" name="fio" value={fio} onChange={setFio} error={errors.fio} autoComplete="name" hint="Необязательно: так мы подпишем профиль" />
      <FormError message={error} />
      <div className="doc-form__buttons">
        <SubmitButton busy={busy}>{initial === undefined ? 'Добавить' : 'Сохранить'}</SubmitButton>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          Отмена
        </button>
      </div>
    </form>
  );
}
