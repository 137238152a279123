import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { $sbp, followSbp } from '../../stores/payment/sbp.ts';
import { paymentIdFromQuery } from '../../stores/payment/paymentStatus.ts';
import { $now } from '../../stores/clock.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { PaymentNotFound } from './PaymentParts.tsx';
import './payment.css';
import './sbp.css';

/** /prepayment/sbp/: the СБП link as a QR code (computer) or the bank's button and banks (phone), until the bank answers. */
export default function SbpPay() {
  return (
    <AppErrorBoundary>
      <SbpPayView />
    </AppErrorBoundary>
  );
}

/** Whether this is a phone: the bank's app is on this very device, so a button beats a QR code. */
function usePhone(): boolean | undefined {
  const [phone, setPhone] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    const query = window.matchMedia('(max-width: 767px), (pointer: coarse)');
    setPhone(query.matches);
    const onChange = () => setPhone(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return phone;
}

/** Whole minutes left, rounded up: '12 мин'. */
const minutesText = (seconds: number) => `${Math.ceil(seconds / 60)} мин`;

function SbpPayView() {
  const view = useStore($sbp).current;
  const now = useStore($now);
  const phone = usePhone();
  useEffect(() => {
    const controller = new AbortController();
    void followSbp(paymentIdFromQuery(window.location.search), controller.signal).then((next) => {
      if (next !== undefined) window.location.assign(next);
    });
    return () => controller.abort();
  }, []);

  if (view.state === 'notFound') return <PaymentNotFound />;
  if (view.state === 'error') {
    return (
      <section className="pay-card card">
        <h1>Оплата по СБП</h1>
        <p role="alert">{view.message}</p>
      </section>
    );
  }
  if (view.state === 'loading' || phone === undefined) {
    return (
      <section className="pay-card card" aria-busy="true">
        <h1>Оплата по СБП</h1>
        <p role="status" className="muted">
          <span className="spinner" aria-hidden="true" /> Готовим ссылку для оплаты…
        </p>
      </section>
    );
  }
  const { link, qr, loadedAt } = view;
  // The shared clock ticks coarsely and may read before the link was loaded: time never runs backwards here.
  const left = Math.max(0, link.secondsLeft - Math.floor(Math.max(0, now - loadedAt) / 1000));
  return (
    <section className="pay-card card sbp" aria-labelledby="sbp-title">
      <h1 id="sbp-title">Оплата по СБП</h1>
      <p className="sbp__amount">
        <strong>{formatKopecks(link.total)}</strong> <span className="muted">с комиссией сервиса {formatKopecks(link.commission)}</span>
      </p>
      {phone ? (
        <>
          <p>Оплата откроется в приложении вашего банка: подтвердите её там и вернитесь сюда.</p>
          <p>
            <a className="btn sbp__open" href={link.appUrl}>
              Оплатить в приложении банка
            </a>
          </p>
          <h2 className="sbp__banks-title">Или выберите банк</h2>
          <ul className="sbp__banks">
            {link.banks.map((bank) => (
              <li key={bank.id}>
                <a className="btn btn--ghost" href={bank.url}>
                  {bank.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>Отсканируйте QR-код камерой телефона или в приложении банка и подтвердите оплату там. Эта страница обновится сама.</p>
          <img className="sbp__qr" src={qr} width="240" height="240" alt="QR-код для оплаты по СБП" data-payload={link.payload} />
        </>
      )}
      {link.sandboxBankUrl !== null && (
        <p className="sbp__sandbox">
          Тестовый режим: <a href={link.sandboxBankUrl}>открыть тестовое приложение банка</a> — как будто QR-код отсканирован.
        </p>
      )}
      <p role="status" className="muted">
        {left > 0 ? `Ждём оплату в приложении банка. Ссылка действует ещё ${minutesText(left)}.` : 'Время на оплату по этой ссылке истекло. Проверяем, не прошла ли оплата…'}
      </p>
      <p className="pay-actions">
        <a className="btn btn--ghost" href={`/prepayment/wait/?paymentId=${link.paymentId}`}>
          Я оплатил
        </a>
      </p>
    </section>
  );
}
