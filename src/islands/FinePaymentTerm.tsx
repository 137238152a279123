import { useStore } from '@nanostores/react';
import type { Fine } from '../api/structs/fine.ts';
import { formatDate } from '../lib/dates.ts';
import { ENTRY_INTO_FORCE_RULE, notEarlierThan } from '../lib/entryIntoForce.ts';
import { formatRub } from '../lib/money.ts';
import { latePenalty } from '../lib/paymentTerm.ts';
import { $finePaymentTerm } from '../stores/fineDetails.ts';

// The payment term on a fine's page, by the clock store (today in Moscow): its last day while it runs,
// and once it is over a red note with the consequence and what to do (issue 24, item 12).

/** While the payment term runs: its last day (the earliest possible one) and how it is counted. */
export function OpenTermNote() {
  const term = useStore($finePaymentTerm);
  if (term?.kind !== 'open') return null;
  return (
    <>
      <p className="muted">
        Без скидки штраф нужно оплатить в течение 60 дней после вступления постановления в силу — срок истекает {notEarlierThan(term.lastDay)}.
      </p>
      <details className="fine-page__rule">
        <summary>Как считается срок</summary>
        <p className="muted">{ENTRY_INTO_FORCE_RULE}</p>
      </details>
    </>
  );
}

/**
 * An unpaid fine past its payment term (issue 24, item 12): in red, that the term is over, what КоАП
 * ст. 20.25 ч. 1 threatens, and what to do now — never «срок истекает не ранее …» of a passed day.
 */
export function OverdueNote({ fine, payable }: { fine: Fine; payable: boolean }) {
  const term = useStore($finePaymentTerm);
  if (term?.kind !== 'overdue') return null;
  return (
    <div className="fine-overdue" role="note" aria-labelledby="fine-overdue-title">
      <h3 id="fine-overdue-title" className="fine-overdue__title">
        Срок оплаты истёк
      </h3>
      <p>
        60 дней на оплату после вступления постановления в силу прошли: если постановление вручили вовремя, срок закончился{' '}
        {formatDate(term.lastDay)} (ч.&nbsp;1 ст.&nbsp;32.2 КоАП&nbsp;РФ).
      </p>
      <p>
        За неуплату в срок грозит штраф <strong>{formatRub(latePenalty(fine.fullAmount))}</strong> — вдвое больше неуплаченного, — арест до 15
        суток или обязательные работы до 50 часов (ч.&nbsp;1 ст.&nbsp;20.25 КоАП&nbsp;РФ). Долг передают приставам.
      </p>
      <p>
        <strong>Что делать:</strong> {payable ? 'оплатите штраф сейчас' : 'оплатите штраф как можно скорее'} и сохраните квитанцию — она
        подтвердит оплату, если придёт повестка или напишут приставы.
      </p>
    </div>
  );
}
