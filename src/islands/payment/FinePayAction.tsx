import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Fine } from '../../api/structs/fine.ts';
import { payHref } from '../../stores/payment/selection.ts';
import { $paymentTerms, cancelAndPayAgain, commissionLabel, loadPaymentTerms, minutesLeft, unfinishedOf } from '../../stores/payment/unfinished.ts';
import { CancelError } from './PaymentParts.tsx';
import { UnfinishedNotice } from './UnfinishedNotice.tsx';
import './payment.css';

/**
 * The pay action of the visitor's own unpaid fine: «Оплатить» with the service's commission beside it
 * (issue 24: shown before the checkout), or, when the fine is in a payment the visitor left unfinished,
 * «Продолжить оплату» and «Отменить и оплатить заново».
 */
export function FinePayAction({ fine, amountLabel }: { fine: Fine; amountLabel: string }) {
  const terms = useStore($paymentTerms);
  useEffect(() => {
    void loadPaymentTerms();
  }, []);
  const checkout = payHref([fine.id]);
  const unfinished = unfinishedOf(terms, fine.id);
  if (unfinished !== undefined) {
    const busy = terms.cancelling === unfinished.paymentId;
    const canContinue = unfinished.continueUrl !== null && minutesLeft(unfinished, terms.loadedAt, Date.now()) > 0;
    return (
      <>
        <UnfinishedNotice payment={unfinished} loadedAt={terms.loadedAt}>
          {canContinue && unfinished.continueUrl !== null && (
            <a className="btn" href={unfinished.continueUrl}>
              Продолжить оплату
            </a>
          )}
          <button type="button" className={canContinue ? 'btn btn--ghost' : 'btn'} disabled={busy} aria-busy={busy} onClick={() => void cancelAndPayAgain(unfinished, checkout)}>
            {busy ? 'Отменяем…' : 'Отменить и оплатить заново'}
          </button>
        </UnfinishedNotice>
        <CancelError message={terms.error} />
      </>
    );
  }
  const commission = commissionLabel(fine.amountToPayKopecks, terms.rule);
  return (
    <>
      <p className="fine-pay-row">
        <a className="btn fine-pay" href={checkout} aria-describedby={commission === '' ? undefined : `fine-commission-${fine.id}`}>
          Оплатить {amountLabel}
        </a>
        {commission !== '' && (
          <span className="fine-pay-row__commission" id={`fine-commission-${fine.id}`}>
            {commission}
          </span>
        )}
      </p>
      <CancelError message={terms.error} />
    </>
  );
}
