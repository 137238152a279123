import { useEffect } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { describeCommission, formatKopecks } from '../../lib/paymentTotals.ts';
import { formatDate } from '../../lib/dates.ts';
import { $checkout, continueCheckout, loadCheckout, methodTotals, setPayerField, setPaymentMethod, submitCheckout } from '../../stores/payment/checkout.ts';
import { minutesLeft } from '../../stores/payment/unfinished.ts';
import { adoptAddressCredentials } from '../../stores/auth/addressCredentials.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { Field, FormError, SubmitButton } from '../account/Field.tsx';
import { useHydrated } from '../account/useHydrated.ts';
import { UnfinishedNotice } from './UnfinishedNotice.tsx';
import '../account/account.css';
import './payment.css';

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
    // Back from the bank's page may restore this page from the back-forward cache, frozen at
    // «Переходим к оплате…»: ask again, so it offers to continue or to start again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void loadCheckout(window.location.search);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
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

  const { quote, form, errors, submitting, unfinished, method } = checkout;
  const chosen = methodTotals(quote, method);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitCheckout();
  };
  const canContinue = unfinished !== null && unfinished.continueUrl !== null && minutesLeft(unfinished, checkout.loadedAt, Date.now()) > 0;
  return (
    <section className="pay-card card" aria-labelledby="pay-title">
      <h1 id="pay-title">{checkout.target.kind === 'tax' ? 'Оплата налога' : quote.items.length === 1 ? 'Оплата штрафа' : `Оплата штрафов: ${quote.items.length}`}</h1>
      {unfinished !== null && (
        <UnfinishedNotice payment={unfinished} loadedAt={checkout.loadedAt}>
          {canContinue && (
            <button type="button" className="btn" onClick={continueCheckout} disabled={submitting}>
              Продолжить оплату
            </button>
          )}
          <button type="submit" form="pay-form" className={canContinue ? 'btn btn--ghost' : 'btn'} disabled={submitting} aria-busy={submitting}>
            {submitting ? 'Отменяем и переходим к оплате…' : 'Отменить и оплатить заново'}
          </button>
        </UnfinishedNotice>
      )}
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
      <form id="pay-form" className="pay-form" onSubmit={onSubmit} noValidate aria-describedby="pay-total">
        <Field id="pay-fio" label="ФИО плательщика" name="fio" value={form.fio} onChange={(v) => setPayerField('fio', v)} error={errors.fio} autoComplete="name" required hint="Так, как в паспорте: банк передаст их в ГИС ГМП вместе с платежом" />
        <Field id="pay-email" label="E-mail для квитанции" name="email" type="email" value={form.email} onChange={(v) => setPayerField('email', v)} error={errors.email} autoComplete="email" inputMode="email" required />
        {quote.sbp == null ? (
          <p className="pay-method">
            <span className="muted">Способ оплаты</span> <strong>Банковская карта</strong>
          </p>
        ) : (
          <fieldset className="pay-methods">
            <legend>Способ оплаты</legend>
            <label className="pay-methods__option">
              <input type="radio" name="method" value="card" checked={method === 'card'} onChange={() => setPaymentMethod('card')} disabled={submitting} />
              <span>
                <strong>Банковская карта</strong>
                <span className="muted"> — комиссия {describeCommission(quote.commissionRule)}</span>
              </span>
            </label>
            <label className="pay-methods__option">
              <input type="radio" name="method" value="sbp" checked={method === 'sbp'} onChange={() => setPaymentMethod('sbp')} disabled={submitting} />
              <span>
                <strong>СБП</strong>
                <span className="muted"> — по QR-коду или в приложении банка, комиссия {describeCommission(quote.sbp.commissionRule)}</span>
              </span>
            </label>
          </fieldset>
        )}
        <dl className="pay-totals" id="pay-total">
          <div>
            <dt>Штрафы</dt>
            <dd>{formatKopecks(quote.amount)}</dd>
          </div>
          <div>
            <dt>Комиссия сервиса{method === 'sbp' ? ' при оплате по СБП' : ''} ({describeCommission(chosen.rule)})</dt>
            <dd>{formatKopecks(chosen.commission)}</dd>
          </div>
          <div className="pay-totals__total">
            <dt>Итого к оплате</dt>
            <dd>{formatKopecks(chosen.total)}</dd>
          </div>
        </dl>
        <FormError message={checkout.message ?? ''} />
        {unfinished === null && (
          <SubmitButton busy={submitting} className="pay-submit">
            {submitting ? 'Переходим к оплате…' : method === 'sbp' ? `Оплатить по СБП ${formatKopecks(chosen.total)}` : `Оплатить ${formatKopecks(chosen.total)}`}
          </SubmitButton>
        )}
        <p className="muted pay-note">
          {method === 'sbp' ? 'Покажем QR-код для приложения вашего банка, на телефоне — кнопку банка.' : 'Вы перейдёте на страницу банка.'} Спишется ровно эта сумма; квитанция придёт на e-mail.
        </p>
      </form>
    </section>
  );
}
