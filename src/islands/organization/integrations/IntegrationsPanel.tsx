import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Organization } from '../../../api/structs/organization.ts';
import { $integrations, createKey, hideShownOnce, loadIntegrations, revokeKey } from '../../../stores/organization/integrations.ts';
import { Field, FormError, SubmitButton } from '../../account/Field.tsx';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';
import { formatMoment } from './moment.ts';
import './integrations.css';

/** The cabinet's «API и вебхуки»: keys for the organization's accounting system, webhooks and their deliveries (paid subscription only). */
export function IntegrationsPanel({ organization }: { organization: Organization }) {
  const paid = !organization.isDemo && !organization.isExpired;
  useEffect(() => {
    if (paid) void loadIntegrations(organization.id);
  }, [organization.id, paid]);
  if (!paid) {
    return (
      <section className="card integrations" aria-labelledby="integrations-title">
        <h2 id="integrations-title">API и вебхуки</h2>
        <p className="muted">
          С оплаченной подпиской учётная система компании получает штрафы автопарка по API, а ваш сервер — уведомления о новых и оплаченных штрафах.{' '}
          <a href="/developers/">Описание API</a>
        </p>
      </section>
    );
  }
  return (
    <section className="card integrations" aria-labelledby="integrations-title">
      <h2 id="integrations-title">API и вебхуки</h2>
      <p className="muted">
        Ключи и вебхуки этой организации. Как с ними работать — на странице <a href="/developers/">API для автопарков</a>.
      </p>
      <ShownOnceBox />
      <KeysSection />
      <WebhooksSection />
      <DeliveriesTable />
    </section>
  );
}

/** The key or secret the server shows once, until the person says it is copied. */
function ShownOnceBox() {
  const { shownOnce } = useStore($integrations);
  if (shownOnce === undefined) return null;
  return (
    <div className="integrations__once" role="status">
      <p>
        <strong>{shownOnce.kind === 'key' ? `Ключ «${shownOnce.label}»` : `Секрет подписи вебхука ${shownOnce.label}`}</strong> — скопируйте его сейчас: больше он не покажется.
      </p>
      <code className="integrations__secret" data-testid={shownOnce.kind === 'key' ? 'new-api-key' : 'new-webhook-secret'}>
        {shownOnce.value}
      </code>
      <div className="doc-form__buttons">
        <button type="button" className="btn btn--ghost" onClick={() => void navigator.clipboard?.writeText(shownOnce.value)}>
          Копировать
        </button>
        <button type="button" className="btn" onClick={hideShownOnce}>
          Я сохранил{shownOnce.kind === 'key' ? ' ключ' : ' секрет'}
        </button>
      </div>
    </div>
  );
}

/** The keys, and a form for a new one. */
function KeysSection() {
  const { keys, busy, error } = useStore($integrations);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'read-write'>('read');
  const [formError, setFormError] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    const failure = await createKey(name, scope);
    setSending(false);
    setFormError(failure ?? '');
    if (failure === undefined) setName('');
  };
  return (
    <div className="integrations__part" aria-busy={busy}>
      <h3>API-ключи</h3>
      <FormError message={error} />
      {keys.length === 0 ? (
        <p className="muted">Ключей пока нет.</p>
      ) : (
        <table className="integrations__table">
          <thead>
            <tr>
              <th scope="col">Название</th>
              <th scope="col">Права</th>
              <th scope="col">Ключ</th>
              <th scope="col">Создан</th>
              <th scope="col">Последний вызов</th>
              <th scope="col"><span className="visually-hidden">Действия</span></th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} className={key.revokedAt === null ? '' : 'integrations__row--off'}>
                <td data-label="Название">{key.name}</td>
                <td data-label="Права">{key.scope === 'read' ? 'Чтение' : 'Чтение и запись'}</td>
                <td data-label="Ключ"><code>{key.prefix}…</code></td>
                <td data-label="Создан">{formatMoment(key.createdAt)}</td>
                <td data-label="Последний вызов">{key.lastUsedAt === null ? 'не использовался' : formatMoment(key.lastUsedAt)}</td>
                <td>
                  {key.revokedAt === null ? (
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => void revokeKey(key.id)} aria-label={`Отозвать ключ ${key.name}`}>
                      Отозвать
                    </button>
                  ) : (
                    <span className="muted">Отозван {formatMoment(key.revokedAt)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="doc-form integrations__form" onSubmit={submit} noValidate aria-label="Новый API-ключ">
        <Field id="api-key-name" label="Название ключа" name="name" value={name} onChange={setName} hint="Например, «1С» или «Учётная система»" />
        <fieldset className="integrations__choice">
          <legend>Права</legend>
          <label>
            <input type="radio" name="scope" value="read" checked={scope === 'read'} onChange={() => setScope('read')} /> Только чтение
          </label>
          <label>
            <input type="radio" name="scope" value="read-write" checked={scope === 'read-write'} onChange={() => setScope('read-write')} /> Чтение и запись (добавлять и удалять автомобили)
          </label>
        </fieldset>
        <FormError message={formError} />
        <SubmitButton busy={sending}>Создать ключ</SubmitButton>
      </form>
    </div>
  );
}
