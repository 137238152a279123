import { Suspense, lazy, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { finesCountLabel } from '../lib/plural.ts';
import { formatRub } from '../lib/money.ts';
import { $fineList, $lastUpdatedLabel, $shownFines, reloadFineList } from '../stores/fineList.ts';
import { $finesPage, fineHref, finesTitle, openFinesPage, showSearchOnFinesPage } from '../stores/finesPage.ts';
import type { FinesTarget } from '../stores/finesTarget.ts';
import { isOverdue, totalToPay } from '../stores/fineView.ts';
import { moscowToday } from '../lib/isoDate.ts';
import { $now } from '../stores/clock.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { FineCard } from './FineCard.tsx';
import { PaySelectionBar } from './payment/PaySelectionBar.tsx';
import { $paySelection, payHref, togglePaySelection } from '../stores/payment/selection.ts';
import { $commissionRule, commissionLabel, loadPaymentTerms } from '../stores/payment/unfinished.ts';
import { SearchPanel } from './FineSearch.tsx';
import './FineSearch.css';
import './fines.css';

/** The signed-in account's list, loaded only for accounts (visitors who search do not download it). */
const AccountOrdinances = lazy(() => import('./profile/AccountOrdinances.tsx'));

/** The /fines/ island: the list of the searched document, or the search form when the address names none. */
export default function FineList() {
  return (
    <AppErrorBoundary>
      <FinesPage />
    </AppErrorBoundary>
  );
}

/** Reads the address once and shows what it asks for. */
function FinesPage() {
  const mode = useStore($finesPage);
  useEffect(() => {
    openFinesPage(window.location.search);
  }, []);

  if (mode.kind === 'starting') return <ListSkeleton heading />;
  if (mode.kind === 'ordinances') {
    return (
      <Suspense fallback={<ListSkeleton heading />}>
        <h1 className="fines-heading">Мои штрафы</h1>
        <AccountOrdinances />
        <p>
          <button type="button" className="link-button" onClick={() => showSearchOnFinesPage()}>
            Проверить другой документ
          </button>
        </p>
      </Suspense>
    );
  }
  if (mode.kind === 'search') {
    return (
      <section className="fines-search" aria-labelledby="fines-search-title">
        <h1 id="fines-search-title">Проверка штрафов</h1>
        <p>Укажите документ — найдём штрафы ГИБДД и МАДИ, выписанные по нему.</p>
        <SearchPanel initialTab={mode.tab} initialValues={mode.values} autoSubmit={mode.autoSubmit} />
      </section>
    );
  }
  return <ListView target={mode.target} justPaid={mode.justPaid} />;
}

/** Grey placeholders while the list loads; in the page's first HTML it carries the page heading. */
function ListSkeleton({ heading = false }: { heading?: boolean }) {
  return (
    <div className="fines-skeleton" aria-busy="true">
      {heading && <h1>Результаты проверки штрафов</h1>}
      <p className="visually-hidden" role="status">
        Загружаем штрафы…
      </p>
      {!heading && <div className="skeleton skeleton--title" />}
      {[0, 1, 2].map((i) => (
        <div key={i} className="skeleton skeleton--card" />
      ))}
    </div>
  );
}

/** The list with its count, total, update time, and the empty and error states; `justPaid` fines are marked as paid a moment ago. */
function ListView({ target, justPaid }: { target: FinesTarget; justPaid: readonly number[] }) {
  const list = useStore($fineList);
  const fines = useStore($shownFines);
  const today = moscowToday(useStore($now));
  const selection = useStore($paySelection);
  const updated = useStore($lastUpdatedLabel);
  const rule = useStore($commissionRule);
  useEffect(() => {
    // The service's commission is shown beside each amount, before the checkout (issue 24).
    void loadPaymentTerms();
  }, []);

  if (list.needsNewSearch) {
    return (
      <section className="fines-state" aria-labelledby="fines-state-title">
        <h1 id="fines-state-title">Найдите штрафы заново</h1>
        <p>{list.error}</p>
        <button type="button" className="btn" onClick={() => showSearchOnFinesPage()}>
          Искать заново
        </button>
      </section>
    );
  }
  if (list.error !== '' && !list.busy) {
    return (
      <section className="fines-state" aria-labelledby="fines-state-title">
        <h1 id="fines-state-title">Не удалось загрузить штрафы</h1>
        <p role="alert">{list.error}</p>
        <button type="button" className="btn" onClick={() => void reloadFineList()}>
          Повторить
        </button>
      </section>
    );
  }
  if (list.lastUpdated === 0) return <ListSkeleton heading />;

  const unpaid = fines.filter((fine) => !fine.paid);
  const title = finesTitle(target, fines);
  const paidNow = fines.filter((fine) => fine.paid && justPaid.includes(fine.id)).length;
  return (
    <section className="fines" aria-labelledby="fines-title" aria-busy={list.busy}>
      <p className="fines__kicker">{title.kicker}</p>
      <h1 id="fines-title">
        {/* A plate or a document number never breaks inside; the line breaks between them. A part too
            long for a phone's line (a 25-digit ruling number) may break rather than widen the page. */}
        {title.title.split(' · ').map((part, i) => (
          <span key={part}>
            {i > 0 && ' · '}
            <span className={part.length <= 24 ? 'nowrap' : 'fines__long-part'}>{part}</span>
          </span>
        ))}
      </h1>
      {paidNow > 0 && (
        <p className="fines__paid-now" role="status">
          {paidNow === 1 ? 'Штраф оплачен — он отмечен в списке.' : `Оплачено штрафов: ${paidNow} — они отмечены в списке.`}
          {unpaid.length > 0 ? ' Неоплаченные — выше.' : ' Больше платить ничего не нужно.'}
        </p>
      )}
      <div className="fines__summary">
        <p className="fines__count">
          <strong>{finesCountLabel(fines.length)}</strong>
          {unpaid.length > 0 && (
            <>
              {' '}
              · не оплачено {unpaid.length} на сумму <strong>{formatRub(totalToPay(fines))}</strong>
            </>
          )}
        </p>
        <p className="fines__updated">
          Обновлено: {updated}{' '}
          <button type="button" className="link-button" onClick={() => void reloadFineList()} disabled={list.busy} aria-busy={list.busy}>
            {list.busy ? 'Обновляем…' : 'Обновить'}
          </button>
        </p>
      </div>
      {fines.length === 0 ? (
        <div className="fines-empty">
          <h2>Штрафов не найдено</h2>
          <p>
            По этому документу нет ни одного постановления — ни неоплаченного, ни оплаченного. Значит, сейчас платить ничего не
            нужно.
          </p>
          <p>
            Постановление попадает в базу не сразу: если нарушение было в последние дни или письмо о штрафе только пришло, проверьте
            ещё раз через неделю.
          </p>
          <p>
            <a href="/">Проверить другой документ</a>
          </p>
        </div>
      ) : (
        <>
          <PaySelectionBar fines={fines} />
          <ul className="fines__list">
            {fines.map((fine) => (
              <FineCard
                key={fine.id}
                fine={fine}
                href={fineHref(fine, target)}
                justPaid={fine.paid && justPaid.includes(fine.id)}
                overdue={isOverdue(fine, today)}
                pay={{ selected: selection.includes(fine.id), onToggle: () => togglePaySelection(fine.id), href: payHref([fine.id]), commission: commissionLabel(fine.amountToPayKopecks, rule) }}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
