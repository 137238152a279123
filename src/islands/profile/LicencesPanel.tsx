import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { DriverLicense } from '../../api/structs/driverLicense.ts';
import { masks } from '../../lib/masks.ts';
import { splitFio } from '../../lib/names.ts';
import { $documents, addDriverLicence, editDriverLicence, removeDriverLicence } from '../../stores/profile/documents.ts';
import { licenceErrors } from '../../stores/profile/documentForms.ts';
import { Field } from '../account/Field.tsx';
import { DocumentPanel, DocumentRows, FormFooter, useDocumentForm } from './DocumentControls.tsx';
import type { DocumentFormProps } from './DocumentControls.tsx';

/** Driver licences (ВУ): number, issue date and the driver's name. */
export function LicencesPanel() {
  const { driverLicense } = useStore($documents);
  const [editing, setEditing] = useState<number | 'new' | undefined>(undefined);
  return (
    <DocumentPanel id="licences-title" title="Водительские удостоверения" count={driverLicense.length}>
      {driverLicense.length === 0 && editing === undefined && <p className="muted">Добавьте права — найдём штрафы, выписанные на водителя.</p>}
      <DocumentRows
        items={driverLicense}
        editing={editing}
        onEdit={setEditing}
        label={(dl) => `ВУ ${dl.driverLicense}`}
        details={(dl) => (
          <>
            <strong>ВУ {dl.driverLicense}</strong>
            <span>{[dl.driverName, dl.issue_date === null ? '' : `выдано ${dl.issue_date}`].filter(Boolean).join(', ')}</span>
          </>
        )}
        form={(dl, done) => <LicenceForm initial={dl} onDone={done} />}
        onDelete={(dl) => removeDriverLicence(dl.id)}
      />
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
export function LicenceForm({ initial, onDone, cancellable = true, idPrefix }: DocumentFormProps<DriverLicense>) {
  const [number, setNumber] = useState(initial?.driverLicense ?? '');
  const [issueDate, setIssueDate] = useState(initial?.issue_date ?? '');
  const [fio, setFio] = useState(initial?.driverName ?? '');
  const { errors, error, busy, submit } = useDocumentForm(
    () => licenceErrors({ number, issueDate, fio }),
    () => {
      const name = splitFio(fio);
      const request = { driverLicense: number, issue_date: issueDate, surname: name?.surname ?? '', name: name?.name ?? '', patronymic: name?.patronymic ?? '' };
      return initial === undefined ? addDriverLicence(request) : editDriverLicence(initial.id, request);
    },
    onDone,
  );
  const prefix = idPrefix ?? (initial === undefined ? 'dl-new' : `dl-${initial.id}`);
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label={initial === undefined ? 'Новое удостоверение' : `Изменить ВУ ${initial.driverLicense}`}>
      <div className="form-row form-row--2">
        <Field id={`${prefix}-number`} label="Серия и номер" name="driverLicense" value={number} onChange={setNumber} error={errors.number} mask={masks.driverLicense} />
        <Field id={`${prefix}-date`} label="Дата выдачи" name="issue_date" value={issueDate} onChange={setIssueDate} error={errors.issueDate} mask={masks.date} inputMode="numeric" hint="Необязательно" />
      </div>
      <Field id={`${prefix}-fio`} label="Фамилия, имя, отчество" name="fio" value={fio} onChange={setFio} error={errors.fio} autoComplete="name" hint="Необязательно: так мы подпишем профиль" />
      <FormFooter error={error} busy={busy} submitLabel={initial === undefined ? 'Добавить' : 'Сохранить'} onCancel={cancellable ? onDone : undefined} />
    </form>
  );
}
