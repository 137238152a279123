import { useState } from 'react';
import type { Organization } from '../../api/structs/organization.ts';
import { requestInvoice } from '../../stores/organization/invoice.ts';
import { FormError, SubmitButton } from '../account/Field.tsx';

/** "Счёт на оплату": vehicles (the fleet's size by default) and months; the invoice opens on its own page. */
export function InvoiceForm({ organization }: { organization: Organization }) {
  const [vehicles, setVehicles] = useState(String(Math.max(1, organization.vehicles)));
  const [months, setMonths] = useState('12');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return (
    <form
      className="doc-form invoice-form"
      noValidate
      aria-label="Счёт на оплату подписки"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const result = await requestInvoice(organization.id, Number(vehicles), Number(months));
        if ('href' in result) {
          window.location.assign(result.href);
          return;
        }
        setError(result.error);
        setBusy(false);
      }}
    >
      <h3>Счёт на оплату подписки</h3>
      <div className="invoice-form__fields">
        <label htmlFor={`invoice-vehicles-${organization.id}`}>
          Автомобилей
          <input id={`invoice-vehicles-${organization.id}`} name="vehicles" type="number" min={1} max={10000} value={vehicles} onChange={(e) => setVehicles(e.target.value)} />
        </label>
        <label htmlFor={`invoice-months-${organization.id}`}>
          Месяцев
          <input id={`invoice-months-${organization.id}`} name="months" type="number" min={1} max={36} value={months} onChange={(e) => setMonths(e.target.value)} />
        </label>
      </div>
      <FormError message={error} />
      <SubmitButton busy={busy}>Выставить счёт</SubmitButton>
    </form>
  );
}
