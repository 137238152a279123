import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime } from '../../lib/dates.ts';
import { $paymentPath, followPaymentPath } from '../../stores/payment/paymentPath.ts';
import './sbp.css';

/** A paid fine's path: «Оплачено» → «Передано в ГИС ГМП» → «Учтено в ГИС ГМП», and what to do when ГИС ГМП is late. */
export function PaymentPath({ fineId }: { fineId: number }) {
  const view = useStore($paymentPath).current;
  useEffect(() => {
    const controller = new AbortController();
    void followPaymentPath(fineId, controller.signal);
    return () => controller.abort();
  }, [fineId]);
  if (view.state === 'none' || view.state === 'loading') return null;
  if (view.state === 'error') return <p className="muted">Путь платежа сейчас не загрузился: {view.message}</p>;
  const { path } = view;
  return (
    <section className="pay-path" aria-labelledby="pay-path-title">
      <h3 id="pay-path-title">Путь платежа</h3>
      <ol className="pay-path__steps">
        {path.steps.map((step) => (
          <li key={step.step} className={`pay-path__step${step.at === null ? '' : ' pay-path__step--done'}`} data-step={step.step}>
            <p>
              <strong>{step.title}</strong> {step.at === null ? <span className="muted">— ещё нет</span> : <time dateTime={step.at}>{formatDateTime(step.at)}</time>}
            </p>
            {step.detail !== null && <p className="muted">{step.detail}</p>}
          </li>
        ))}
      </ol>
      {path.overdue !== null && (
        <div className="pay-path__late" role="note">
          <p>{path.overdue.advice}</p>
          {path.overdue.receiptHash !== null && (
            <p>
              <a href={`/fines/document/${path.overdue.receiptHash}/`}>Открыть квитанцию</a>
            </p>
          )}
        </div>
      )}
      {path.overdue === null && path.steps[2]?.at === null && <p className="muted">ГИС ГМП обычно учитывает оплату за несколько минут, иногда — до нескольких рабочих дней. Страница обновится сама.</p>}
    </section>
  );
}
