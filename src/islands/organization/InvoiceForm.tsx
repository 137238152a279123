import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Organization } from '../../api/structs/organization.ts';
import { $invoiceTariff, invoiceQuote, loadInvoiceTariff, requestInvoice } from '../../stores/organization/invoice.ts';
import { FormError, SubmitButton } from '../account/Field.tsx';

/**
 * "Счёт на оплату": vehicles (the fleet's size until changed: an import updates it) and months, the
 * total with how it is made («3 авто × 12 мес × 150 ₽ = 5 400 ₽») as the numbers are typed; the
 * invoice opens on its own page.
 */
export function InvoiceForm({ organization }: { organization: Organization }) {
  const [typedVehicles, setVehicles] = useState<string | undefined>(undefined);
  const [months, setMonths] = useState('12');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const price = useStore($invoiceTariff);
  useEffect(() => {
    void loadInvoiceTariff();
  }, []);
  const vehicles = typedVehicles ?? String(Math.max(1, organization.vehicles));
  const quote = invoiceQuote(vehicles, months, price);
  const ids = { vehicles: `invoice-vehicles-${organization.id}`, months: `invoice-months-${organization.id}` };
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
        <label htmlFor={ids.vehicles}>
          Автомобилей
          <input id={ids.vehicles} name="vehicles" type="number" inputMode="numeric" min={1} max={10000} value={vehicles} onChange={(e) => setVehicles(e.target.value)} />
        </label>
        <label htmlFor={ids.months}>
          Месяцев
          <input id={ids.months} name="months" type="number" inputMode="numeric" min={1} max={36} value={months} onChange={(e) => setMonths(e.target.value)} />
        </label>
      </div>
      <output className={'formula' in quote ? 'invoice-form__total' : 'invoice-form__total invoice-form__total--problem'} htmlFor={`${ids.vehicles} ${ids.months}`} aria-live="polite">
        {'formula' in quote ? quote.formula : quote.problem}
      </output>
      <FormError message={error} />
      <SubmitButton busy={busy}>Выставить счёт</SubmitButton>
    </form>
  );
}
