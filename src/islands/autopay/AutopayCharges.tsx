import type { AutopayCharge } from '../../api/structs/autopay.ts';
import { formatKopecks } from '../../lib/paymentTotals.ts';

/** What each state of a found fine is called. */
const STATUS_TITLES: Record<AutopayCharge['status'], string> = {
  scheduled: 'Запланирована оплата',
  charging: 'Оплачиваем',
  retry: 'Повторим списание',
  paid: 'Оплачен автоматически',
  cancelled: 'Отменено',
  skipped: 'Пропущен',
  paid_elsewhere: 'Оплачен не через автооплату',
  over_limit: 'Выше лимита — оплатите сами',
  declined: 'Банк отклонил — оплатите сами',
  expired: 'Скидка закончилась',
};

/** A moment in Moscow: '17.03.2026, 10:00'. */
const moscow = (iso: string) => new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** 'YYYY-MM-DD' as '17.03.2026'. */
const day = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The fines autopay found: when each is (or was) paid, with «Оплатить сейчас» and «Пропустить» while it waits. */
export function AutopayCharges({ charges, busy, onAction, heading = 'Штрафы в автооплате', linkFines = true }: { charges: readonly AutopayCharge[]; busy: string; onAction: (id: number, action: 'pay' | 'skip') => void; heading?: string; linkFines?: boolean }) {
  return (
    <section className="card" aria-labelledby="autopay-charges">
      <h2 id="autopay-charges">{heading}</h2>
      <ul className="ordinance-list">
        {charges.map((charge) => {
          const waiting = charge.status === 'scheduled' || charge.status === 'retry';
          return (
            <li key={charge.id} className="ordinance autopay__charge" data-uin={charge.uin}>
              <div className="ordinance__main">
                <p className="ordinance__title">{linkFines ? <a href={`/fines/${charge.fineId}/`}>Постановление {charge.uin}</a> : <>Постановление {charge.uin}</>}</p>
                <p className="ordinance__meta">
                  <span className="autopay__status">{STATUS_TITLES[charge.status]}</span>
                  {waiting && <> — {moscow(charge.chargeAt)}</>}. Скидка до {day(charge.discountLastDay)}.
                  {charge.reason !== null && !waiting && charge.status !== 'paid' && <> {charge.reason}.</>}
                </p>
                {charge.receiptHash !== null && (
                  <p className="ordinance__meta">
                    <a href={`/fines/document/${charge.receiptHash}/`}>Квитанция</a>
                  </p>
                )}
              </div>
              <div className="ordinance__sum">
                <strong>{formatKopecks(charge.amountKopecks)}</strong>
                {waiting && (
                  <span className="autopay__actions">
                    <button type="button" className="btn" onClick={() => onAction(charge.id, 'pay')} disabled={busy !== ''}>
                      Оплатить сейчас
                    </button>
                    <button type="button" className="btn btn--ghost" onClick={() => onAction(charge.id, 'skip')} disabled={busy !== ''}>
                      Пропустить
                    </button>
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
