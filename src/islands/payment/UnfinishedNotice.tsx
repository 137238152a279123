import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { UnfinishedPayment } from '../../api/structs/payment.ts';
import { finesCountLabel } from '../../lib/plural.ts';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { $now } from '../../stores/clock.ts';
import { holdLabel, minutesLeft, startedLabel } from '../../stores/payment/unfinished.ts';

type Props = {
  payment: UnfinishedPayment;
  /** When the payment was read (Date.now()): the minutes count down from then. */
  loadedAt: number;
  /** The buttons: «Продолжить оплату», «Отменить и оплатить заново». */
  children: ReactNode;
};

/**
 * A payment the payer started and left (Back from the bank, a closed tab): what it is, how long the
 * bank may still confirm it, and the choice between continuing it and starting again (issue 24).
 */
export function UnfinishedNotice({ payment, loadedAt, children }: Props) {
  const now = useStore($now);
  const minutes = minutesLeft(payment, loadedAt, Math.max(now, loadedAt));
  const count = Math.max(payment.fineIds.length, payment.uins.length);
  return (
    <section className="pay-unfinished" aria-labelledby={`unfinished-${payment.paymentId}`}>
      <h2 id={`unfinished-${payment.paymentId}`} className="pay-unfinished__title">
        Оплата уже начата
      </h2>
      <p>
        {startedLabel(payment.createdAt, new Date(Math.max(now, loadedAt)))} вы начали платёж на {formatKopecks(payment.total)}
        {payment.fineIds.length > 1 ? ` (${finesCountLabel(count)})` : ''}, но банк его ещё не подтвердил.{' '}
        <strong>{holdLabel(minutes)}.</strong>
      </p>
      <p className="muted">
        Ушли со страницы банка, не заплатив? Продолжите там же или начните заново — прежний платёж отменится. Если деньги уже
        списаны, не платите снова: подтверждение придёт само.
      </p>
      <div className="pay-actions">{children}</div>
    </section>
  );
}
