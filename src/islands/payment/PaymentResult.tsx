import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { $payment, cancelCurrentPayment, loadPayment, paymentIdFromQuery, resultPage, retryHref } from '../../stores/payment/paymentStatus.ts';
import { finesReturnHref, lastListHref } from '../../stores/finesReturn.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { CancelError, PaymentNotFound } from './PaymentParts.tsx';
import './payment.css';

type Props = { outcome: 'success' | 'error' };

/** Why a payment did not go through, in words, from the gateway's return and the payment's state. */
function failureText(reason: string | null, errorDesc: string | null, status: string): string {
  if (status === 'cancelled') return 'Платёж отменён. Деньги не списаны.';
  if (reason === 'declined') return 'Банк отклонил оплату: деньги не списаны. Проверьте данные карты и остаток или попробуйте другую карту.';
  return errorDesc ?? 'Оплата не завершена: деньги не списаны.';
}

/** /prepayment/success/ and /prepayment/error/: the outcome, the receipt, or the reason and a way to try again. */
export default function PaymentResult({ outcome }: Props) {
  return (
    <AppErrorBoundary>
      <PaymentResultView outcome={outcome} />
    </AppErrorBoundary>
  );
}

function PaymentResultView({ outcome }: Props) {
  const { current, cancelling, cancelError } = useStore($payment);
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    setReason(new URLSearchParams(window.location.search).get('reason'));
    void loadPayment(paymentIdFromQuery(window.location.search)).then((payment) => {
      // The address and the state disagree (a late answer of the bank): show the state's page.
      const page = payment === undefined ? undefined : resultPage(payment);
      if (payment !== undefined && ((outcome === 'success' && payment.status !== 'success') || (outcome === 'error' && payment.status === 'success'))) {
        window.location.replace(page ?? `/prepayment/wait/?paymentId=${payment.paymentId}`);
      }
    });
  }, [outcome]);

  if (current.state === 'loading') {
    return (
      <section className="pay-card card" aria-busy="true">
        <h1>{outcome === 'success' ? 'Оплата прошла' : 'Результат оплаты'}</h1>
        <p role="status" className="muted">
          <span className="spinner" aria-hidden="true" /> Загружаем платёж…
        </p>
      </section>
    );
  }
  if (current.state !== 'ready') return <PaymentNotFound message={current.state === 'error' ? current.message : undefined} />;
  const { payment } = current;
  if (outcome === 'success') {
    return (
      <section className="pay-card card" aria-labelledby="paid-title">
        <h1 id="paid-title">{payment.recipient === 'taxes' ? 'Налог оплачен' : payment.items.length === 1 ? 'Штраф оплачен' : `Оплачено штрафов: ${payment.items.length}`}</h1>
        <p>Мы отправили квитанцию на e-mail. Сведения об оплате поступят в ГИС ГМП, обычно в течение двух суток.</p>
        <ul className="pay-items">
          {payment.items.map((item) => (
            <li key={item.uin} className="pay-item">
              {item.fineId === null ? <span>УИН {item.uin}</span> : <a href={`/fines/${item.fineId}/`}>Постановление {item.uin}</a>}
              <strong>{formatKopecks(item.amount)}</strong>
            </li>
          ))}
        </ul>
        <p>
          Списано: <strong>{formatKopecks(payment.total)}</strong>, из них комиссия {formatKopecks(payment.commission)}.
        </p>
        <p className="pay-actions">
          {payment.receiptHash !== null && (
            <a className="btn" href={`/fines/document/${payment.receiptHash}/`}>
              Квитанция
            </a>
          )}
          <a className="btn btn--ghost" href={`/webview/cashback/form-${payment.paymentId}/`}>
            Получить кешбэк
          </a>
          <a className="btn btn--ghost" href={finesReturnHref(payment.items.map((item) => item.fineId))}>
            К штрафам
          </a>
        </p>
      </section>
    );
  }
  const tryAgain = async () => {
    if (payment.status === 'wait' && !(await cancelCurrentPayment())) return;
    window.location.assign(retryHref(payment));
  };
  return (
    <section className="pay-card card" aria-labelledby="failed-title">
      <h1 id="failed-title">Оплата не прошла</h1>
      <p role="alert">{failureText(reason, payment.errorDesc, payment.status)}</p>
      <p className="pay-actions">
        <button type="button" className="btn" disabled={cancelling} aria-busy={cancelling} onClick={() => void tryAgain()}>
          {cancelling ? 'Подождите…' : 'Попробовать снова'}
        </button>
        <a className="btn btn--ghost" href={lastListHref()}>
          К штрафам
        </a>
      </p>
      <CancelError message={cancelError} />
    </section>
  );
}
