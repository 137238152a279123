import { useEffect } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { describeCommission, formatKopecks } from '../../lib/paymentTotals.ts';
import { formatDate } from '../../lib/dates.ts';
import { $checkout, loadCheckout, setPayerField, submitCheckout } from '../../stores/payment/checkout.ts';
import { adoptAddressCredentials } from '../../stores/auth/addressCredentials.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { Field, FormError, SubmitButton } from '../account/Field.tsx';
import { useHydrated } from '../account/useHydrated.ts';
import '../account/account.css';
import './payment.css';

/** The names the checkout shows for payment systems. */
// The payer chooses a way to pay, not a company: no gateway's name on the page (issue 24 item 20).
const SYSTEM_LABELS: Record<string, string> = { moneta: 'Банковская карта', A3: 'Банковская карта, запасной способ' };

/** /prepayment/: what is paid, the payer, the commission and the total, then off to the gateway. */
export default function Checkout() {
  return (
    <AppErrorBoundary>
      <CheckoutView />
    </AppErrorBoundary>
  );
}

function CheckoutView() {
  const checkout = useStore($checkout).current;
  const hydrated = useHydrated();
  useEffect(() => {
    // The app's and the extension's pages bring credentials in the address: stored and stripped first.
    void adoptAddressCredentials().then(() => loadCheckout(window.location.search));
  }, []);

  if (!hydrated || checkout.state === 'loading') {
    return (
      <section className="pay-card card" aria-busy="true">
        <h1>Оплата</h1>
        <p role="status" className="muted">
          <span className="spinner" aria-hidden="true" /> Считаем сумму к оплате…
        </p>
      </section>
    );
  }
  if (checkout.state === 'error') {
    return (
      <section className="pay-card card">
        <h1>Оплата</h1>
        <p role="alert">{checkout.message}</p>
        <p className="pay-actions">
          {checkout.retry && (
            <button type="button" className="btn" onClick={() => void loadCheckout(window.location.search)}>
              Повторить
            </button>
          )}
          <a className="btn btn--ghost" href="/fines/">
            К штрафам
          </a>
        </p>
      </section>
    );
  }

  const { quote, form, errors, submitting } = checkout;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitCheckout();
  };
  return (
    <section className="pay-card card" aria-labelledby="pay-title">
      <h1 id="pay-title">{checkout.target.kind === 'tax' ? 'Оплата налога' : quote.items.length === 1 ? 'Оплата штрафа' : `Оплата штрафов: ${quote.items.length}`}</h1>
      <ul className="pay-items">
        {quote.items.map((item) => (
          <li key={item.uin} className="pay-item">
            <div>
              <p className="pay-item__title">{item.title}</p>
              <p className="muted pay-item__uin">
                {item.fineId === null ? 'УИН' : 'Постановление'} {item.uin}
              </p>
              {item.discountActive && item.discountEndsAt !== null && (
                <p className="pay-item__discount">
                  Скидка {Math.round((1 - item.amountToPay / item.fullAmount) * 100)} % — до {formatDate(item.discountEndsAt)} включительно
                </p>
              )}
            </div>
            <p className="pay-item__amount">
              <strong>{formatKopecks(item.amountToPay)}</strong>
              {item.amountToPay !== item.fullAmount && (
                <s className="muted">
                  <span className="visually-hidden">без скидки </span>
                  {formatKopecks(item.fullAmount)}
                </s>
              )}
            </p>
          </li>
        ))}
      </ul>
      <form className="pay-form" onSubmit={onSubmit} noValidate aria-describedby="pay-total">
        <Field id="pay-fio" label="ФИО плательщика" name="fio" value={form.fio} onChange={(v) => setPayerField('fio', v)} error={errors.fio} autoComplete="name" required hint="Так, как в паспорте: банк передаст их в ГИС ГМП вместе с платежом" />
        <Field id="pay-email" label="E-mail для квитанции" name="email" type="email" value={form.email} onChange={(v) => setPayerField('email', v)} error={errors.email} autoComplete="email" inputMode="email" required />
        <fieldset className="pay-systems">
          <legend>Способ оплаты</legend>
          {quote.paymentSystems.map((system) => (
            <label key={system} className="pay-system">
              <input type="radio" name="paymentSystem" value={system} checked={form.paymentSystem === system} onChange={() => setPayerField('paymentSystem', system)} /> {SYSTEM_LABELS[system] ?? system}
            </label>
          ))}
        </fieldset>
        <dl className="pay-totals" id="pay-total">
          <div>
            <dt>Штрафы</dt>
            <dd>{formatKopecks(quote.amount)}</dd>
          </div>
          <div>
            <dt>Комиссия сервиса ({describeCommission(quote.commissionRule)})</dt>
            <dd>{formatKopecks(quote.commission)}</dd>
          </div>
          <div className="pay-totals__total">
            <dt>Итого к оплате</dt>
            <dd>{formatKopecks(quote.total)}</dd>
          </div>
        </dl>
        <FormError message={checkout.message ?? ''} />
        <SubmitButton busy={submitting} className="pay-submit">
          {submitting ? 'Переходим к оплате…' : `Оплатить ${formatKopecks(quote.total)}`}
        </SubmitButton>
        <p className="muted pay-note">Вы перейдёте на страницу платёжной системы. Спишется ровно эта сумма; квитанция придёт на e-mail.</p>
      </form>
    </section>
  );
}
