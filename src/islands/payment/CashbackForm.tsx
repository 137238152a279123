import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { requestCashback } from '../../api/payment.ts';
import { fetchPayment } from '../../api/payment.ts';
import type { PaymentState } from '../../api/structs/payment.ts';
import { userMessage } from '../../api/userMessage.ts';
import { CASHBACK_DESCRIPTION_MAX, CASHBACK_REQUEST_DAYS, cashbackOpen } from '../../lib/cashback.ts';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { validators } from '../../lib/validators.ts';
import { adoptAddressCredentials } from '../../stores/auth/addressCredentials.ts';
import { $credentials } from '../../stores/authData.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { Field, FormError, SubmitButton } from '../account/Field.tsx';
import '../account/account.css';
import './payment.css';

type View =
  | { state: 'loading' }
  | { state: 'missing'; message: string }
  | { state: 'form'; payment: PaymentState; email: string; description: string; error?: string | undefined; fieldError?: string | undefined; busy: boolean }
  | { state: 'sent'; payment: PaymentState; at: string };

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', year: 'numeric' });

/** /webview/cashback/form-{paymentId}/: the payer asks for cashback on a paid payment (spec §3). */
export default function CashbackForm() {
  return (
    <AppErrorBoundary>
      <CashbackView />
    </AppErrorBoundary>
  );
}

/** Reads the payment of the form's address with the page's credentials, and says what to show. */
function loadPayment(setView: (view: View) => void): void {
  const id = /\/webview\/cashback\/form-([0-9a-f]{32})\/?$/.exec(window.location.pathname)?.[1];
  const auth = $credentials.get();
  if (id === undefined || auth === undefined) {
    setView({ state: 'missing', message: 'Платёж не найден. Откройте форму по ссылке со страницы оплаты или из письма с квитанцией.' });
    return;
  }
  fetchPayment(auth, id).then(
    (payment) => {
      if (payment.cashbackRequestedAt !== null) setView({ state: 'sent', payment, at: payment.cashbackRequestedAt });
      else if (payment.status !== 'success') setView({ state: 'missing', message: 'Кешбэк можно запросить только по оплаченному платежу.' });
      else if (payment.finishedAt !== null && !cashbackOpen(new Date(payment.finishedAt), new Date())) setView({ state: 'missing', message: `Заявку нужно подать не позднее ${CASHBACK_REQUEST_DAYS} дней со дня оплаты: этот срок прошёл.` });
      else setView({ state: 'form', payment, email: '', description: '', busy: false });
    },
    (error: unknown) => setView({ state: 'missing', message: userMessage(error) }),
  );
}

function CashbackView() {
  const [view, setView] = useState<View>({ state: 'loading' });
  useEffect(() => {
    void adoptAddressCredentials().then(() => loadPayment(setView));
  }, []);

  if (view.state === 'loading') {
    return (
      <section className="pay-card card">
        <h1>Кешбэк за оплату штрафа</h1>
        <p role="status" className="muted">
          Загружаем платёж…
        </p>
      </section>
    );
  }
  if (view.state === 'missing') {
    return (
      <section className="pay-card card">
        <h1>Кешбэк за оплату штрафа</h1>
        <p role="alert">{view.message}</p>
        <a href="/webview/cashback/story/">Как работает кешбэк</a>
      </section>
    );
  }
  if (view.state === 'sent') {
    return (
      <section className="pay-card card">
        <h1>Заявка на кешбэк принята</h1>
        <p role="status">
          Заявка по платежу на {formatKopecks(view.payment.total)} подана {dateOf(view.at)}. Мы проверим её до 10 рабочих дней и пришлём решение на e-mail.
        </p>
        <a href="/cashback-conditions/">Условия кешбэка</a>
      </section>
    );
  }
  const current = view;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const auth = $credentials.get();
    const email = current.email.trim();
    if (email === '' || validators.email(email) !== undefined) {
      setView({ ...current, fieldError: email === '' ? 'Укажите e-mail для связи' : 'Проверьте e-mail: в нём ошибка' });
      return;
    }
    if (auth === undefined) return;
    setView({ ...current, busy: true, fieldError: undefined, error: undefined });
    requestCashback(auth, current.payment.paymentId, { email, description: current.description.trim() }).then(
      (at) => setView({ state: 'sent', payment: current.payment, at }),
      (error: unknown) => setView({ ...current, busy: false, error: userMessage(error) }),
    );
  };
  return (
    <section className="pay-card card" aria-labelledby="cashback-title">
      <h1 id="cashback-title">Кешбэк за оплату штрафа</h1>
      <p>
        Платёж на {formatKopecks(current.payment.total)} от {current.payment.finishedAt === null ? '' : dateOf(current.payment.finishedAt)}: штрафы {current.payment.items.map((item) => item.uin).join(', ')}. Данные платежа мы подставим сами.
      </p>
      <form className="pay-form" onSubmit={submit} noValidate>
        <Field id="cashback-email" label="E-mail для связи" name="email" type="email" value={current.email} onChange={(email) => setView({ ...current, email, fieldError: undefined })} error={current.fieldError} autoComplete="email" inputMode="email" required />
        <div className="form-field">
          <label className="form-field__label" htmlFor="cashback-description">
            Комментарий (необязательно)
          </label>
          <textarea id="cashback-description" className="form-field__input" name="description" rows={3} maxLength={CASHBACK_DESCRIPTION_MAX} value={current.description} onChange={(event) => setView({ ...current, description: event.currentTarget.value })} />
        </div>
        <FormError message={current.error ?? ''} />
        <SubmitButton busy={current.busy}>{current.busy ? 'Отправляем…' : 'Отправить заявку'}</SubmitButton>
      </form>
      <p className="muted pay-note">
        Заявку можно подать один раз, не позднее {CASHBACK_REQUEST_DAYS} дней со дня оплаты. Размер и лимиты — в <a href="/cashback-conditions/">условиях кешбэка</a>.
      </p>
    </section>
  );
}
