import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Inn } from '../../api/structs/inn.ts';
import { masks } from '../../lib/masks.ts';
import { $documents, addTaxId, editTaxId, removeTaxId } from '../../stores/profile/documents.ts';
import { innErrors } from '../../stores/profile/documentForms.ts';
import { Field, FormError, SubmitButton } from '../account/Field.tsx';
import { DeleteButton, DocumentPanel } from './DocumentControls.tsx';

/** Tax ids (ИНН): taxes and debts are looked up by them. */
export function InnsPanel() {
  const { inn } = useStore($documents);
  const [editing, setEditing] = useState<number | 'new' | undefined>(undefined);
  return (
    <DocumentPanel id="inns-title" title="ИНН" count={inn.length}>
      {inn.length === 0 && editing === undefined && <p className="muted">Добавьте ИНН — покажем налоги и долги у приставов.</p>}
      <ul className="doc-list">
        {inn.map((item) => (
          <li key={item.id} className="doc-list__item">
            {editing === item.id ? (
              <InnForm initial={item} onDone={() => setEditing(undefined)} />
            ) : (
              <>
                <div className="doc-list__main">
                  <strong>ИНН {item.inn}</strong>
                  {item.innName !== '' && <span>{item.innName}</span>}
                </div>
                <div className="doc-list__actions">
                  <button type="button" className="link-button" onClick={() => setEditing(item.id)} aria-label={`Изменить ИНН ${item.inn}`}>
                    Изменить
                  </button>
                  <DeleteButton label={`ИНН ${item.inn}`} onDelete={() => removeTaxId(item.id)} />
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
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
  const [errors, setErrors] = useState<ReturnType<typeof innErrors>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const prefix = initial === undefined ? 'inn-new' : `inn-${initial.id}`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = innErrors({ inn, label });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const request = { inn, innName: label };
    const failure = initial === undefined ? await addTaxId(request) : await editTaxId(initial.id, request);
    setBusy(false);
    setError(failure ?? '');
    if (failure === undefined) onDone();
  };
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label={initial === undefined ? 'Новый ИНН' : `Изменить ИНН ${initial.inn}`}>
      <div className="form-row form-row--2">
        <Field id={`${prefix}-inn`} label="ИНН" name="inn" value={inn} onChange={setInn} error={errors.inn} mask={masks.inn} inputMode="numeric" hint="12 цифр у человека, 10 у организации" />
        <Field id={`${prefix}-label`} label="Чей это ИНН" name="innName" value={label} onChange={setLabel} error={errors.label} hint="Необязательно, например «Мой» или «Мама»" />
      </div>
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
