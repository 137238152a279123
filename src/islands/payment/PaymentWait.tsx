import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { $payment, cancelCurrentPayment, paymentIdFromQuery, retryHref } from '../../stores/payment/paymentStatus.ts';
import { $waitPhase, followPayment } from '../../stores/payment/paymentWait.ts';
import type { WaitPhase } from '../../stores/payment/paymentWait.ts';
import { holdLabel, minutesLeft } from '../../stores/payment/unfinished.ts';
import { $now } from '../../stores/clock.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { CancelError, PaymentNotFound } from './PaymentParts.tsx';
import './payment.css';

/** /prepayment/wait/: the payment's state until the bank answers, each state long enough to read, then the result page. */
export default function PaymentWait() {
  return (
    <AppErrorBoundary>
      <PaymentWaitView />
    </AppErrorBoundary>
  );
}

/** What the page says in each phase (role=status: screen readers hear each change once). */
function statusText(phase: WaitPhase): string {
  if (phase.phase === 'checking') return 'Ждём подтверждения от банка — обычно это несколько секунд. Страница обновится сама.';
  if (phase.phase === 'slow') return 'Банк отвечает дольше обычного. Страница обновится сама, как только придёт ответ.';
  if (phase.outcome === 'success') return 'Банк подтвердил оплату. Открываем квитанцию…';
  if (phase.outcome === 'cancelled') return 'Платёж отменён, деньги не списаны. Открываем подробности…';
  return 'Банк не подтвердил оплату. Открываем подробности…';
}

/** The three steps of a payment and where this one is. */
function Steps({ phase }: { phase: WaitPhase }) {
  const done = phase.phase === 'done';
  const bank = done ? (phase.outcome === 'success' ? 'done' : 'failed') : 'current';
  const steps = [
    { label: 'Платёж создан и передан банку', state: 'done' },
    { label: bank === 'failed' ? 'Банк не подтвердил списание' : bank === 'done' ? 'Банк подтвердил списание' : 'Банк подтверждает списание', state: bank },
    { label: 'Квитанция на e-mail и отметка «Оплачен»', state: bank === 'done' ? 'current' : 'todo' },
  ] as const;
  const words: Record<string, string> = { done: 'готово', current: 'сейчас', failed: 'не получилось', todo: 'впереди' };
  return (
    <ol className="pay-steps">
      {steps.map((step) => (
        <li key={step.label} className={`pay-step pay-step--${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
          <span className="pay-step__mark" aria-hidden="true" />
          <span>
            {step.label}
            <span className="visually-hidden"> — {words[step.state]}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function PaymentWaitView() {
  const { current, cancelling, cancelError } = useStore($payment);
  const phase = useStore($waitPhase);
  const now = useStore($now);
  const [readAt, setReadAt] = useState(0);
  const following = useRef<AbortController | null>(null);
  useEffect(() => {
    const stop = new AbortController();
    following.current = stop;
    void followPayment(paymentIdFromQuery(window.location.search), stop.signal).then((next) => {
      if (next !== undefined) window.location.replace(next);
    });
    return () => stop.abort();
  }, []);
  const payment = current.state === 'ready' ? current.payment : undefined;
  // The hold's minutes count down from the last reply (the server's figure), by this page's clock.
  useEffect(() => setReadAt(Date.now()), [payment]);

  if (current.state === 'notFound') return <PaymentNotFound />;
  const cancel = async () => {
    // Cancelled here, the page says so itself: it stops following instead of moving to the error page.
    if (await cancelCurrentPayment()) following.current?.abort();
  };

  if (payment?.status === 'cancelled' && phase.phase !== 'done') {
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
  const finished = phase.phase === 'done';
  const minutes = payment?.holdSecondsLeft == null ? undefined : minutesLeft({ holdSecondsLeft: payment.holdSecondsLeft }, readAt, Math.max(now, readAt));
  return (
    <section className="pay-card card" aria-labelledby="wait-title" aria-busy={!finished}>
      <h1 id="wait-title">{!finished ? 'Проверяем оплату' : phase.outcome === 'success' ? 'Оплата прошла' : 'Оплата не прошла'}</h1>
      {!finished && <progress className="pay-progress" aria-label="Ждём ответа банка" />}
      <p role="status" className={`pay-wait-status${finished && phase.outcome === 'success' ? ' pay-wait-status--ok' : ''}`}>
        {statusText(phase)}
      </p>
      <Steps phase={phase} />
      {payment !== undefined && <p className="muted">Сумма платежа: {formatKopecks(payment.total)}</p>}
      {current.state === 'error' && <p className="form-error">{current.message} Продолжаем проверять…</p>}
      {!finished && minutes !== undefined && minutes > 0 && <p>{holdLabel(minutes)}. Если банк не подтвердит оплату за это время, платёж закроется сам: деньги не спишутся или вернутся.</p>}
      {phase.phase === 'slow' && (
        <div className="pay-help">
          <h2>Если ответа долго нет</h2>
          <ul>
            <li>Не платите второй раз: когда банк подтвердит списание, штраф отметится оплаченным, а квитанция придёт на e-mail.</li>
            {payment?.continueUrl != null && <li>Не закончили оплату на странице банка — вернитесь к ней кнопкой «Продолжить оплату».</li>}
            <li>Передумали — отмените платёж: деньги не спишутся.</li>
            <li>
              Вопрос о платеже — <a href="/support/">напишите в поддержку</a>, укажите сумму и время оплаты.
            </li>
          </ul>
        </div>
      )}
      {payment !== undefined && !finished && (
        <p className="pay-actions">
          {phase.phase === 'slow' && payment.continueUrl != null && (
            <a className="btn" href={payment.continueUrl}>
              Продолжить оплату
            </a>
          )}
          <button type="button" className="btn btn--ghost" disabled={cancelling} aria-busy={cancelling} onClick={() => void cancel()}>
            {cancelling ? 'Отменяем…' : 'Отменить платёж'}
          </button>
        </p>
      )}
      <CancelError message={cancelError} />
    </section>
  );
}
