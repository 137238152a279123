import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { MaskInput } from 'maska';
import type { MaskField } from '../../lib/masks.ts';

type Props = {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  error?: string | undefined;
  hint?: ReactNode;
  /** A maska mask from src/lib/masks.ts (documents); free text without one. */
  mask?: MaskField;
  /** Set after hydration: React would write these camel-cased into static HTML. */
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  required?: boolean;
};

/** A labelled input with its hint and message (aria-invalid, aria-describedby), optionally masked. */
export function Field({ id, label, name, value, onChange, type = 'text', error, hint, mask, autoComplete, inputMode, required = false }: Props) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const element = input.current;
    if (element === null) return;
    if (autoComplete !== undefined) element.setAttribute('autocomplete', autoComplete);
    if (inputMode !== undefined) element.setAttribute('inputmode', inputMode);
    if (mask === undefined) return;
    element.setAttribute('autocapitalize', 'characters');
    element.setAttribute('spellcheck', 'false');
    const { mask: pattern, tokens, preProcess } = mask;
    // maska writes into the input itself; the value reaches the store through its callback.
    const maska = new MaskInput(element, { mask: pattern, tokens, ...(preProcess === undefined ? {} : { preProcess }), onMaska: (detail) => onChange(detail.masked) });
    return () => maska.destroy();
  }, [mask]);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [error !== undefined ? errorId : '', hint !== undefined ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name={name}
        type={type}
        className="form-field__input"
        value={value}
        placeholder={mask?.placeholder}
        required={required}
        aria-invalid={error !== undefined}
        aria-describedby={described === '' ? undefined : described}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {hint !== undefined && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A primary button that shows a spinner and stays disabled while its action runs. */
export function SubmitButton({ busy, children, className = '' }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={`btn ${className}`} disabled={busy} aria-busy={busy}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A message about the whole form (role=alert so screen readers announce it). */
export function FormError({ message }: { message: string }) {
  if (message === '') return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
