import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatDate } from '../../lib/dates.ts';
import { formatRub } from '../../lib/money.ts';
import { adoptAddressCredentials } from '../../stores/auth/addressCredentials.ts';
import { $taxes, loadTaxList, lookUpTax, taxPaymentHref } from '../../stores/payment/taxes.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { useHydrated } from '../account/useHydrated.ts';
import './payment.css';

/** /webview/taxes/ inside the mobile app: the taxes found by the user's ИНН, and a tax looked up by its УИН, each payable. */
export default function WebviewTaxes() {
  return (
    <AppErrorBoundary>
      <WebviewTaxesView />
    </AppErrorBoundary>
  );
}

function WebviewTaxesView() {
  const { list, lookup } = useStore($taxes);
  const [uin, setUin] = useState('');
  useEffect(() => {
    // The app opens the page with its credentials in the address: stored and stripped first.
    void adoptAddressCredentials().then(loadTaxList);
  }, []);
  const onLookup = (event: FormEvent) => {
    event.preventDefault();
    void lookUpTax(uin);
  };
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <div className="pay-card card" aria-busy="true">
        <h1>Налоги</h1>
        <p role="status" className="muted">
          <span className="spinner" aria-hidden="true" /> Загружаем начисления…
        </p>
      </div>
    );
  }
  const lookupError = lookup.state === 'invalid' || lookup.state === 'notFound' || lookup.state === 'error' ? lookup.message : undefined;

  return (
    <div className="pay-card card">
      <h1>Налоги</h1>
      <section aria-labelledby="taxes-mine">
        <h2 id="taxes-mine">По вашему ИНН</h2>
        {list.state === 'loading' && (
          <p role="status" className="muted">
            <span className="spinner" aria-hidden="true" /> Загружаем начисления…
          </p>
        )}
        {list.state === 'signedOut' && <p className="muted">Добавьте ИНН в профиле приложения — здесь появятся налоги по нему.</p>}
        {list.state === 'error' && <p role="alert">{list.message}</p>}
        {list.state === 'ready' && list.taxes.length === 0 && <p className="muted">{list.checking ? 'Проверяем ИНН в налоговой: начисления появятся через несколько секунд.' : 'Начислений по вашему ИНН нет.'}</p>}
        {list.state === 'ready' && list.taxes.length > 0 && (
          <ul className="pay-items">
            {list.taxes.map((tax) => (
              <li key={tax.id} className="pay-item">
                <div>
                  <p className="pay-item__title">{tax.title}</p>
                  <p className="muted pay-item__uin">УИН {tax.number}</p>
                  {tax.dueDate !== null && <p className="muted">Срок уплаты — до {formatDate(tax.dueDate)}</p>}
                </div>
                <p className="pay-item__amount">
                  {tax.paid ? (
                    <span className="badge badge--paid">Оплачен</span>
                  ) : (
                    <>
                      <strong>{formatRub(tax.amountToPay)}</strong>
                      <a className="btn btn--small" href={taxPaymentHref(tax.number)} aria-label={`Оплатить налог ${tax.number}`}>
                        Оплатить
                      </a>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="taxes-uin">
        <h2 id="taxes-uin">Найти налог по УИН</h2>
        <form className="pay-form" onSubmit={onLookup} noValidate>
          <label htmlFor="tax-uin">УИН из налогового уведомления</label>
          <input
            id="tax-uin"
            type="text"
            className="form-field__input"
            name="uin"
            inputMode="numeric"
            autoComplete="off"
            maxLength={30}
            value={uin}
            onChange={(event) => setUin(event.currentTarget.value)}
            aria-invalid={lookupError !== undefined}
            aria-describedby={lookupError !== undefined ? 'tax-uin-error' : undefined}
          />
          {lookupError !== undefined && (
            <p id="tax-uin-error" role="alert" className="form-field__error">
              {lookupError}
            </p>
          )}
          <button type="submit" className="btn" disabled={lookup.state === 'loading'} aria-busy={lookup.state === 'loading'}>
            {lookup.state === 'loading' ? 'Ищем…' : 'Найти'}
          </button>
        </form>
        {lookup.state === 'found' && (
          <div className="pay-item" aria-live="polite">
            <div>
              <p className="pay-item__title">
                {lookup.tax.title} за {lookup.tax.period} год
              </p>
              <p className="muted">{lookup.tax.taxAuthority}</p>
              <p className="muted">Срок уплаты — до {formatDate(lookup.tax.paymentDeadline)}</p>
            </div>
            <p className="pay-item__amount">
              {lookup.tax.paid ? (
                <span className="badge badge--paid">Оплачен</span>
              ) : (
                <>
                  <strong>{formatRub(lookup.tax.amount)}</strong>
                  <a className="btn btn--small" href={taxPaymentHref(lookup.tax.uin)}>
                    Оплатить
                  </a>
                </>
              )}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
