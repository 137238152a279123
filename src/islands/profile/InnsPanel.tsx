import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Inn } from '../../api/structs/inn.ts';
import { masks } from '../../lib/masks.ts';
import { $documents, addTaxId, editTaxId, removeTaxId } from '../../stores/profile/documents.ts';
import { innErrors } from '../../stores/profile/documentForms.ts';
import { Field } from '../account/Field.tsx';
import { DocumentPanel, DocumentRows, FormFooter, useDocumentForm } from './DocumentControls.tsx';

/** Tax ids (ИНН): taxes and debts are looked up by them. */
export function InnsPanel() {
  const { inn } = useStore($documents);
  const [editing, setEditing] = useState<number | 'new' | undefined>(undefined);
  return (
    <DocumentPanel id="inns-title" title="ИНН" count={inn.length}>
      {inn.length === 0 && editing === undefined && <p className="muted">Добавьте ИНН — покажем налоги и долги у приставов.</p>}
      <DocumentRows
        items={inn}
        editing={editing}
        onEdit={setEditing}
        label={(item) => `ИНН ${item.inn}`}
        details={(item) => (
          <>
            <strong>ИНН {item.inn}</strong>
            {item.innName !== '' && <span>{item.innName}</span>}
          </>
        )}
        form={(item, done) => <InnForm initial={item} onDone={done} />}
        onDelete={(item) => removeTaxId(item.id)}
      />
      {editing === 'new' && <InnForm onDone={() => setEditing(undefined)} />}
      {editing === undefined && (
        <div className="doc-panel__add">
          <button type="button" className="btn btn--ghost" onClick={() => setEditing('new')}>
            Добавить ИНН
          </button>
        </div>
      )}
    </DocumentPanel>
  );
}

/** Adds an ИНН, or edits `initial`. */
function InnForm({ initial, onDone }: { initial?: Inn; onDone: () => void }) {
  const [inn, setInn] = useState(initial?.inn ?? '');
  const [label, setLabel] = useState(initial?.innName ?? '');
  const { errors, error, busy, submit } = useDocumentForm(
    () => innErrors({ inn, label }),
    () => (initial === undefined ? addTaxId({ inn, innName: label }) : editTaxId(initial.id, { inn, innName: label })),
    onDone,
  );
  const prefix = initial === undefined ? 'inn-new' : `inn-${initial.id}`;
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label={initial === undefined ? 'Новый ИНН' : `Изменить ИНН ${initial.inn}`}>
      <div className="form-row form-row--2">
        <Field id={`${prefix}-inn`} label="ИНН" name="inn" value={inn} onChange={setInn} error={errors.inn} mask={masks.inn} inputMode="numeric" hint="12 цифр у человека, 10 у организации" />
        <Field id={`${prefix}-label`} label="Чей это ИНН" name="innName" value={label} onChange={setLabel} error={errors.label} hint="Необязательно, например «Мой» или «Мама»" />
      </div>
      <FormFooter error={error} busy={busy} submitLabel={initial === undefined ? 'Добавить' : 'Сохранить'} onCancel={onDone} />
    </form>
  );
}
