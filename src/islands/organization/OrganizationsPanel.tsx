import { useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { masks } from '../../lib/masks.ts';
import { plural } from '../../lib/plural.ts';
import { $cabinet, addOrganization, previewCompany, removeOrganization, renameOrganization, selectOrganization } from '../../stores/organization/cabinet.ts';
import { Field, FormError, SubmitButton } from '../account/Field.tsx';
import { DeleteButton } from '../profile/DocumentControls.tsx';
import { InvoiceForm } from './InvoiceForm.tsx';

/** The account's organizations: choose one, add one by ИНН (the register fills the name), rename, delete. */
export function OrganizationsPanel() {
  const { organizations, selected } = useStore($cabinet);
  const [adding, setAdding] = useState(organizations.length === 0);
  return (
    <section className="card org-panel" aria-labelledby="orgs-title">
      <h2 id="orgs-title">Организации</h2>
      {organizations.length > 0 && (
        <ul className="org-list">
          {organizations.map((organization) => (
            <li key={organization.id} className={organization.id === selected ? 'org-list__item org-list__item--chosen' : 'org-list__item'}>
              <button type="button" className="org-list__choose" aria-pressed={organization.id === selected} onClick={() => selectOrganization(organization.id)}>
                <strong>{organization.name}</strong>
                <span className="muted">
                  ИНН {organization.inn} · {organization.vehicles}&nbsp;{plural(organization.vehicles, ['автомобиль', 'автомобиля', 'автомобилей'])} · {organization.drivers}&nbsp;{plural(organization.drivers, ['водитель', 'водителя', 'водителей'])}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {adding ? <AddOrganizationForm onDone={() => setAdding(false)} canCancel={organizations.length > 0} /> : (
        <button type="button" className="btn btn--ghost" onClick={() => setAdding(true)}>
          Добавить организацию
        </button>
      )}
      {selected !== undefined && <ChosenOrganization id={selected} />}
    </section>
  );
}

/** Adds an organization: the ИНН is checked by the spec's rule, the register's name is shown before adding. */
function AddOrganizationForm({ onDone, canCancel }: { onDone: () => void; canCancel: boolean }) {
  const { busy } = useStore($cabinet);
  const [inn, setInn] = useState('');
  const [name, setName] = useState('');
  const [found, setFound] = useState('');
  const [error, setError] = useState('');
  const lookUp = async () => {
    if (inn.trim() === '') return;
    const result = await previewCompany(inn);
    if ('company' in result) {
      setFound(`${result.company.name}${result.company.address ? `, ${result.company.address}` : ''}`);
      setName(result.company.name);
      setError('');
    } else {
      setFound('');
      setError(result.error);
    }
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const failure = await addOrganization(inn, name);
    setError(failure ?? '');
    if (failure === undefined) onDone();
  };
  return (
    <form className="doc-form" onSubmit={submit} noValidate aria-label="Новая организация">
      <div className="form-row form-row--2">
        <Field id="org-inn" label="ИНН организации или ИП" name="inn" value={inn} onChange={setInn} mask={masks.inn} inputMode="numeric" hint="10 цифр у организации, 12 у ИП" />
        <Field id="org-name" label="Название" name="name" value={name} onChange={setName} hint="Заполнится из реестра по ИНН" />
      </div>
      <div className="doc-form__buttons">
        <button type="button" className="btn btn--ghost" onClick={() => void lookUp()}>
          Найти по ИНН
        </button>
        <SubmitButton busy={busy}>Добавить</SubmitButton>
        {canCancel && (
          <button type="button" className="btn btn--ghost" onClick={onDone}>
            Отмена
          </button>
        )}
      </div>
      {found !== '' && (
        <p className="form-note" role="status">
          По реестру: {found}
        </p>
      )}
      <FormError message={error} />
    </form>
  );
}

/** The chosen organization's details, with rename and delete. */
function ChosenOrganization({ id }: { id: number }) {
  const organization = useStore($cabinet).organizations.find((o) => o.id === id);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(organization?.name ?? '');
  const [error, setError] = useState('');
  if (organization === undefined) return null;
  return (
    <div className="org-details">
      <dl className="details-list">
        <div>
          <dt>ИНН</dt>
          <dd>{organization.inn}</dd>
        </div>
        {organization.kpp !== null && (
          <div>
            <dt>КПП</dt>
            <dd>{organization.kpp}</dd>
          </div>
        )}
        {organization.ogrn !== null && (
          <div>
            <dt>{organization.type === 'individual' ? 'ОГРНИП' : 'ОГРН'}</dt>
            <dd>{organization.ogrn}</dd>
          </div>
        )}
        {organization.address !== null && (
          <div>
            <dt>Адрес</dt>
            <dd>{organization.address}</dd>
          </div>
        )}
      </dl>
      <InvoiceForm organization={organization} />
      {renaming ? (
        <form
          className="doc-form"
          aria-label="Новое название"
          onSubmit={async (event) => {
            event.preventDefault();
            const failure = await renameOrganization(id, name);
            setError(failure ?? '');
            if (failure === undefined) setRenaming(false);
          }}
        >
          <Field id="org-rename" label="Название" name="name" value={name} onChange={setName} />
          <FormError message={error} />
          <div className="doc-form__buttons">
            <SubmitButton busy={false}>Сохранить</SubmitButton>
            <button type="button" className="btn btn--ghost" onClick={() => setRenaming(false)}>
              Отмена
            </button>
          </div>
        </form>
      ) : (
        <div className="doc-list__actions">
          <button type="button" className="link-button" onClick={() => setRenaming(true)}>
            Переименовать
          </button>
          <DeleteButton label={`организацию ${organization.name} и её автопарк`} onDelete={() => removeOrganization(id)} />
        </div>
      )}
    </div>
  );
}
