import { useEffect, useRef } from 'react';
import { MaskInput } from 'maska';
import { FIELD_SPECS } from '../stores/searchFields.ts';
import type { SearchField as Field } from '../stores/searchFields.ts';

type Props = {
  id: string;
  field: Field;
  value: string;
  error: string | undefined;
  onChange: (field: Field, value: string) => void;
  onLeave: (field: Field) => void;
};

/** One labelled search input with its maska mask, hint and message (aria-invalid, aria-describedby). */
export function SearchField({ id, field, value, error, onChange, onLeave }: Props) {
  const spec = FIELD_SPECS[field];
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = input.current;
    if (element === null) return;
    // Set here, not as JSX props: React writes them camel-cased into the static HTML, which is not valid HTML.
    element.setAttribute('inputmode', spec.inputMode);
    element.setAttribute('autocomplete', 'off');
    element.setAttribute('autocapitalize', 'characters');
    element.setAttribute('spellcheck', 'false');
    // Text typed before the island hydrated stays: it is taken into the store first.
    if (element.value !== '' && element.value !== value) onChange(field, element.value);
    const { mask, tokens, preProcess } = spec.mask;
    // maska writes the masked text into the input itself, which hides the change from React's onChange:
    // the store takes the value from maska's own callback.
    const maska = new MaskInput(element, {
      mask,
      tokens,
      ...(preProcess === undefined ? {} : { preProcess }),
      onMaska: (detail) => onChange(field, detail.masked),
    });
    return () => maska.destroy();
    // The mask belongs to the field; the value is read once, at mount.
  }, [field]);

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`search-field search-field--${field}`}>
      <label className="search-field__label" htmlFor={id}>
        {spec.label}
      </label>
      <input
        ref={input}
        id={id}
        className="search-field__input"
        name={field}
        type="text"
        placeholder={spec.mask.placeholder}
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={error !== undefined ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => onChange(field, event.currentTarget.value)}
        onBlur={() => onLeave(field)}
      />
      <p id={hintId} className="search-field__hint">
        {spec.hint}
      </p>
      {error !== undefined && (
        <p id={errorId} className="search-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
