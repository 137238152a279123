import type { Fine } from '../api/structs/fine.ts';
import { articleLabel } from '../lib/koapCitation.ts';
import { amountLabels, discountLabel, violationTimeLabel } from '../stores/fineView.ts';
import { elementTiming } from '../lib/elementTiming.ts';

type Props = {
  fine: Fine;
  href: string;
  /** A tick for "Оплатить выбранные" and a pay link, on lists of the visitor's own fines; `commission` is shown beside the amount («+ комиссия 30 ₽»). */
  pay?: { selected: boolean; onToggle: () => void; href: string; commission?: string } | undefined;
  /** Paid a moment ago (the list opened by «К штрафам» after the payment). */
  justPaid?: boolean;
  /** Unpaid and past its payment term. */
  overdue?: boolean;
};

/** One fine in the list: status, article, what, when and where, the amounts and the discount deadline. */
export function FineCard({ fine, href, pay, justPaid = false, overdue = false }: Props) {
  const amounts = amountLabels(fine);
  const discount = discountLabel(fine);
  const titleId = `fine-${fine.id}-title`;
  return (
    <li className={`fine-card${fine.paid ? ' fine-card--paid' : ''}${justPaid ? ' fine-card--just-paid' : ''}`}>
      <article aria-labelledby={titleId}>
        <div className="fine-card__top">
          <span className={`badge ${fine.paid ? 'badge--paid' : 'badge--unpaid'}`}>{fine.paid ? (justPaid ? 'Оплачен только что' : 'Оплачен') : 'Не оплачен'}</span>
          <span className="fine-card__article">{articleLabel(fine.article)}</span>
          {pay !== undefined && !fine.paid && (
            <label className="fine-card__select">
              <input type="checkbox" checked={pay.selected} onChange={pay.onToggle} aria-describedby={titleId} /> Выбрать
            </label>
          )}
        </div>
        <h2 className="fine-card__title" id={titleId}>
          <a href={href}>{fine.articleTitle}</a>
        </h2>
        <p className="fine-card__meta">
          <time dateTime={fine.violationAt}>{violationTimeLabel(fine.violationAt)}</time>
          <span aria-hidden="true"> · </span>
          <span>{fine.place.address}</span>
        </p>
        <div className="fine-card__bottom">
          <p className="fine-card__amount" {...elementTiming('fine-list-amount')}>
            <span className="visually-hidden">{fine.paid ? 'Сумма штрафа: ' : 'К оплате: '}</span>
            <strong>{amounts.toPay}</strong>
            {amounts.full !== undefined && (
              <>
                {' '}
                <s className="fine-card__full">
                  <span className="visually-hidden">без скидки </span>
                  {amounts.full}
                </s>
              </>
            )}
            {pay?.commission !== undefined && pay.commission !== '' && !fine.paid && (
              <>
                {' '}
                <span className="fine-card__commission">{pay.commission}</span>
              </>
            )}
          </p>
          {overdue && <p className="fine-card__overdue">Срок оплаты истёк</p>}
          {discount !== '' && <p className={`fine-card__discount${fine.discountActive ? '' : ' fine-card__discount--over'}`}>{discount}</p>}
          {pay !== undefined && !fine.paid && (
            <a className="btn fine-card__pay" href={pay.href} aria-describedby={titleId}>
              Оплатить
            </a>
          )}
          <a className="fine-card__more" href={href} aria-describedby={titleId}>
            Подробнее
          </a>
        </div>
      </article>
    </li>
  );
}
