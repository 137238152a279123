import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { MaskInput } from 'maska';
import { masks } from '../../lib/masks.ts';
import { $leadForm, setLeadField, submitLead } from '../../stores/leads/leadForm.ts';
import type { LeadFields } from '../../stores/leads/leadForm.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import '../account/account.css';
import './lostProfit.css';

type Props = {
  /** Which page the lead comes from (the CRM's tag). */
  tag: string;
  /** The button's text. */
  action?: string;
};

const FIELDS: readonly { key: keyof LeadFields; label: string; type: string; autocomplete: string; inputmode?: string; optional?: boolean }[] = [
  { key: 'name', label: 'Как к вам обращаться', type: 'text', autocomplete: 'name' },
  { key: 'phone', label: 'Телефон', type: 'tel', autocomplete: 'tel', inputmode: 'tel' },
  { key: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', inputmode: 'email' },
  { key: 'inn', label: 'ИНН организации', type: 'text', autocomplete: 'off', inputmode: 'numeric' },
  { key: 'countAuto', label: 'Автомобилей в автопарке', type: 'text', autocomplete: 'off', inputmode: 'numeric', optional: true },
  { key: 'monthsCount', label: 'На сколько месяцев подписка', type: 'text', autocomplete: 'off', inputmode: 'numeric', optional: true },
];

/** A lead form of the business pages: contacts, ИНН and fleet size, sent with the visit's utm marks. */
export default function LeadForm(props: Props) {
  return (
    <AppErrorBoundary>
      <LeadFormView {...props} />
    </AppErrorBoundary>
  );
}

function LeadFormView({ tag, action = 'Оставить заявку' }: Props) {
  const current = useStore($leadForm).current;
  const form = useRef<HTMLFormElement>(null);
  const phone = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = form.current;
    if (element === null) return;
    // Set here, not as JSX props: React writes them camel-cased into the static HTML, which is not valid HTML.
    element.setAttribute('novalidate', '');
    for (const field of FIELDS) {
      const input = element.querySelector<HTMLInputElement>(`#lead-${field.key}`);
      input?.setAttribute('autocomplete', field.autocomplete);
      if (field.inputmode !== undefined) input?.setAttribute('inputmode', field.inputmode);
    }
    if (phone.current === null) return;
    const maska = new MaskInput(phone.current, { ...masks.phone, onMaska: (detail) => setLeadField('phone', detail.masked) });
    return () => maska.destroy();
  }, [current.state]);

  if (current.state === 'sent') {
    return (
      <section className="profit card" aria-labelledby="lead-sent">
        <h2 id="lead-sent">Заявка №{current.leadId} принята</h2>
        <p role="status">Мы свяжемся с вами по телефону или e-mail и поможем подключить автопарк.</p>
      </section>
    );
  }
  const { fields, errors, sending, message } = current;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitLead(tag, window.location.search);
  };
  return (
    <form ref={form} className="profit card" onSubmit={onSubmit} aria-labelledby="lead-title" method="post">
      <h2 id="lead-title">Заявка на подключение</h2>
      <div className="profit__fields">
        {FIELDS.map((field) => {
          const error = errors[field.key];
          return (
            <div key={field.key} className="form-field">
              <label className="form-field__label" htmlFor={`lead-${field.key}`}>
                {field.label}
                {field.optional === true && <span className="muted"> — необязательно</span>}
              </label>
              <input
                ref={field.key === 'phone' ? phone : undefined}
                id={`lead-${field.key}`}
                name={field.key}
                className="form-field__input"
                type={field.type}
                value={fields[field.key]}
                placeholder={field.key === 'phone' ? masks.phone.placeholder : undefined}
                onChange={(event) => setLeadField(field.key, event.currentTarget.value)}
                aria-invalid={error !== undefined}
                aria-describedby={error !== undefined ? `lead-${field.key}-error` : undefined}
              />
              {error !== undefined && (
                <p id={`lead-${field.key}-error`} className="form-field__error" role="alert">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {message !== undefined && (
        <p className="form-field__error" role="alert">
          {message}
        </p>
      )}
      <p className="muted">Отправляя заявку, вы соглашаетесь на обработку персональных данных по <a href="/politics_personal_data/">политике</a>.</p>
      <p>
        <button type="submit" className="btn" disabled={sending} aria-busy={sending}>
          {sending ? 'Отправляем…' : action}
        </button>
      </p>
    </form>
  );
}
