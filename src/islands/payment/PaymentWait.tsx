import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { $payment, SLOW_AFTER_MS, cancelCurrentPayment, paymentIdFromQuery, pollPayment, retryHref } from '../../stores/payment/paymentStatus.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { CancelError, PaymentNotFound } from './PaymentParts.tsx';
import './payment.css';

/** /prepayment/wait/: asks for the payment's state every 2 s and moves on when the bank has answered. */
export default function PaymentWait() {
  return (
    <AppErrorBoundary>
      <PaymentWaitView />
    </AppErrorBoundary>
  );
}

function PaymentWaitView() {
  const { current, cancelling, cancelError } = useStore($payment);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const stop = new AbortController();
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    void pollPayment(paymentIdFromQuery(window.location.search), stop.signal).then((next) => {
      if (next !== undefined) window.location.replace(next);
    });
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, []);

  if (current.state === 'notFound') return <PaymentNotFound />;
  const payment = current.state === 'ready' ? current.payment : undefined;
  if (payment?.status === 'cancelled') {
    return (
      <section className="pay-card card">
        <h1>Платёж отменён</h1>
        <p>Деньги не списаны. Штрафы можно оплатить снова.</p>
        <a className="btn" href={retryHref(payment)}>
          Оплатить снова
        </a>
      </section>
    );
  }
  return (
    <section className="pay-card card" aria-labelledby="wait-title" aria-busy="true">
      <h1 id="wait-title">Проверяем оплату</h1>
      <progress className="pay-progress" aria-label="Ждём ответа банка" />
      <p role="status">
        {slow ? 'Банк отвечает дольше обычного. Страница обновится сама, как только придёт ответ.' : 'Ждём подтверждения от банка — обычно это несколько секунд. Не закрывайте страницу.'}
      </p>
      {payment !== undefined && <p className="muted">Сумма платежа: {formatKopecks(payment.total)}</p>}
      {current.state === 'error' && <p className="form-error">{current.message} Продолжаем проверять…</p>}
      {payment !== undefined && (
        <p className="pay-actions">
          <button type="button" className="btn btn--ghost" disabled={cancelling} aria-busy={cancelling} onClick={() => void cancelCurrentPayment()}>
            {cancelling ? 'Отменяем…' : 'Отменить платёж'}
          </button>
        </p>
      )}
      <CancelError message={cancelError} />
    </section>
  );
}
