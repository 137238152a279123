import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { WEBHOOK_EVENT_TYPES } from '../../../api/structs/integrations.ts';
import { $integrations, EVENT_LABELS, registerWebhook, removeWebhook, sendTestEvent } from '../../../stores/organization/integrations.ts';
import { Field, FormError, SubmitButton } from '../../account/Field.tsx';

/** The organization's webhook endpoints, and a form for a new one. */
export function WebhooksSection() {
  const { webhooks } = useStore($integrations);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['fine.new', 'fine.paid']);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    const failure = await registerWebhook(url, events);
    setSending(false);
    setError(failure ?? '');
    if (failure === undefined) setUrl('');
  };
  const toggle = (type: string) => setEvents((now) => (now.includes(type) ? now.filter((t) => t !== type) : [...now, type]));
  return (
    <div className="integrations__part">
      <h3>Вебхуки</h3>
      {webhooks.length === 0 ? (
        <p className="muted">Вебхуков пока нет: добавьте адрес вашего сервера, и мы будем присылать на него события автопарка.</p>
      ) : (
        <ul className="doc-list">
          {webhooks.map((hook) => (
            <li key={hook.id} className="doc-list__item">
              <div className="doc-list__main">
                <strong className="integrations__url">{hook.url}</strong>
                <span>{hook.events.map((e) => EVENT_LABELS[e as keyof typeof EVENT_LABELS] ?? e).join(', ')}</span>
              </div>
              <div className="integrations__actions">
                <button type="button" className="btn btn--ghost btn--small" onClick={() => void sendTestEvent(hook.id)}>
                  Проверить
                </button>
                <button type="button" className="btn btn--ghost btn--small" onClick={() => void removeWebhook(hook.id)} aria-label={`Удалить вебхук ${hook.url}`}>
                  Удалить
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="doc-form integrations__form" onSubmit={submit} noValidate aria-label="Новый вебхук">
        <Field id="webhook-url" label="Адрес (https)" name="url" value={url} onChange={setUrl} hint="Только https на порту 443 и адреса в интернете" />
        <fieldset className="integrations__choice">
          <legend>События</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type}>
              <input type="checkbox" name="events" value={type} checked={events.includes(type)} onChange={() => toggle(type)} /> {EVENT_LABELS[type]} <code>{type}</code>
            </label>
          ))}
        </fieldset>
        <FormError message={error} />
        <SubmitButton busy={sending}>Добавить вебхук</SubmitButton>
      </form>
    </div>
  );
}
