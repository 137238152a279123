import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { FormErrors } from '../../stores/profile/documentForms.ts';
import { FormError, SubmitButton } from '../account/Field.tsx';

/** What a document form is given: the document to edit (none to add one), what to do when done, whether it can be cancelled, and its fields' id prefix. */
export type DocumentFormProps<T> = { initial?: T; onDone: () => void; cancellable?: boolean; idPrefix?: string };

/** "Удалить" that asks once more before it acts. */
export function DeleteButton({ label, onDelete }: { label: string; onDelete: () => Promise<unknown> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="link-button link-button--danger" onClick={() => setAsking(true)} aria-label={`Удалить ${label}`}>
        Удалить
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={`Удалить ${label}?`}>
      <span>Удалить?</span>
      <button
        type="button"
        className="link-button link-button--danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await onDelete();
          setBusy(false);
          setAsking(false);
        }}
      >
        Да
      </button>
      <button type="button" className="link-button" onClick={() => setAsking(false)}>
        Нет
      </button>
    </span>
  );
}

/** A panel of one document type: its title with the count, the list, and what to add. */
export function DocumentPanel({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section className="card doc-panel" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="doc-panel__count">{count} из 50</span>
      </h2>
      {children}
    </section>
  );
}

/** What a document row shows and does. */
type RowsProps<T extends { id: number }> = {
  items: readonly T[];
  /** The id whose edit form is open. */
  editing: number | string | undefined;
  onEdit: (id: number | undefined) => void;
  /** A short name for buttons: "ВУ 9912345678". */
  label: (item: T) => string;
  /** The row's own text. */
  details: (item: T) => ReactNode;
  form: (item: T, done: () => void) => ReactNode;
  onDelete: (item: T) => Promise<unknown>;
};

/** The rows of a document list, each with "Изменить" (its form in place) and "Удалить". */
export function DocumentRows<T extends { id: number }>({ items, editing, onEdit, label, details, form, onDelete }: RowsProps<T>) {
  return (
    <ul className="doc-list">
      {items.map((item) => (
        <li key={item.id} className="doc-list__item">
          {editing === item.id ? (
            form(item, () => onEdit(undefined))
          ) : (
            <>
              <div className="doc-list__main">{details(item)}</div>
              <div className="doc-list__actions">
                <button type="button" className="link-button" onClick={() => onEdit(item.id)} aria-label={`Изменить ${label(item)}`}>
                  Изменить
                </button>
                <DeleteButton label={label(item)} onDelete={() => onDelete(item)} />
              </div>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The flow of a document form: check the fields, send, show why it failed, close when done. The
 * checks and the sending come from the stores; the form keeps only what is typed.
 */
export function useDocumentForm<F extends string>(check: () => FormErrors<F>, send: () => Promise<string | undefined>, onDone: () => void) {
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const failure = await send();
    setBusy(false);
    setError(failure ?? '');
    if (failure === undefined) onDone();
  };
  return { errors, error, busy, submit };
}

/** The end of a document form: why it failed, the submit button, "Отмена" (unless the form has nothing to go back to). */
export function FormFooter({ error, busy, submitLabel, onCancel }: { error: string; busy: boolean; submitLabel: string; onCancel?: (() => void) | undefined }) {
  return (
    <>
      <FormError message={error} />
      <div className="doc-form__buttons">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        {onCancel !== undefined && (
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            Отмена
          </button>
        )}
      </div>
    </>
  );
}
