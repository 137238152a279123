import { useState } from 'react';
import type { ReactNode } from 'react';

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
