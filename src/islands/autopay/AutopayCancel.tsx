import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { $cancelLink, cancelNow, readCancelToken } from '../../stores/autopay/cancelLink.ts';
import './autopay.css';

/** /autopay/cancel/: the mailed «отменить» link; one click (a person's, not a mail scanner's) cancels that fine's autopay, no sign-in. */
export default function AutopayCancel() {
  const { view } = useStore($cancelLink);
  useEffect(() => readCancelToken(), []);
  if (view.kind === 'noToken') {
    return (
      <section className="card">
        <h1>Ссылка неполная</h1>
        <p>
          Откройте ссылку из письма целиком или отмените оплату в <a href="/profile/autopay/">профиле</a>.
        </p>
      </section>
    );
  }
  if (view.kind === 'done') {
    return (
      <section className="card" role="status">
        <h1>{view.cancelled ? 'Автооплата отменена' : view.status === 'cancelled' ? 'Уже отменено' : 'Отменить уже нельзя'}</h1>
        <p>
          {view.cancelled || view.status === 'cancelled'
            ? `Штраф по постановлению ${view.uin} на ${formatKopecks(view.amountKopecks)} не будет оплачен автоматически. Оплатить его можно вручную.`
            : `Штраф по постановлению ${view.uin} уже ${view.status === 'paid' ? 'оплачен' : 'не ждёт автооплаты'}.`}
        </p>
        <a className="btn btn--ghost" href="/profile/autopay/">
          Автооплата в профиле
        </a>
      </section>
    );
  }
  return (
    <section className="card">
      <h1>Отменить автооплату штрафа?</h1>
      <p>Этот штраф не будет оплачен автоматически. Другие штрафы автооплата оплатит как обычно.</p>
      {view.kind === 'failed' && (
        <p role="alert" className="autopay__error">
          {view.error}
        </p>
      )}
      <button type="button" className="btn" onClick={() => void cancelNow()} disabled={view.kind === 'busy'} aria-busy={view.kind === 'busy'}>
        {view.kind === 'busy' ? 'Отменяем…' : 'Отменить оплату'}
      </button>
    </section>
  );
}
