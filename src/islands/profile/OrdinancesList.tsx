import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { OrdinanceItem } from '../../api/structs/ordinance.ts';
import { elementTiming } from '../../lib/elementTiming.ts';
import { formatRub } from '../../lib/money.ts';
import { CATEGORY_TITLES } from '../../lib/ordinances.ts';
import type { OrdinanceOrder } from '../../lib/ordinances.ts';
import { articleLabel } from '../../lib/koapCitation.ts';
import { rememberShownList } from '../../stores/finesReturn.ts';
import { $paySelection, togglePaySelection } from '../../stores/payment/selection.ts';
import { payableFines, shownCategories } from '../../stores/profile/ordinances.ts';
import { PaySelectionBar } from '../payment/PaySelectionBar.tsx';
import {
  $ordinances,
  $ordinancesUpdatedLabel,
  chooseCategory,
  chooseOrder,
  choosePage,
  loadOrdinances,
  refreshOrdinances,
  searchOrdinances,
  stopOrdinancePolling,
} from '../../stores/profile/ordinances.ts';

const ORDER_LABELS: Record<OrdinanceOrder, string> = {
  DEFAULT: 'Сначала неоплаченные',
  DATE_DESC: 'Сначала новые',
  DATE_ASC: 'Сначала старые',
  SUM_DESC: 'Сначала дорогие',
  SUM_ASC: 'Сначала дешёвые',
};

/** Dates as DD.MM.YYYY from YYYY-MM-DD. */
const ruDate = (iso: string) => iso.split('-').reverse().join('.');

/**
 * The user's fines, taxes and debts: categories with counts, sort, search, pages, refresh; unpaid
 * fines can be ticked and paid together, as on the search list. `returnUrl` is where «К штрафам»
 * comes back after a payment of fines from this list.
 */
export function OrdinancesList({ returnUrl }: { returnUrl: string }) {
  const state = useStore($ordinances);
  const updated = useStore($ordinancesUpdatedLabel);
  const selection = useStore($paySelection);
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void loadOrdinances();
    return stopOrdinancePolling;
  }, []);
  const payable = payableFines(state.items);
  useEffect(() => {
    if (state.lastUpdatedTimestamp > 0) rememberShownList(returnUrl, payable.map((fine) => fine.id));
  }, [state.items, state.lastUpdatedTimestamp, returnUrl]);
  const pages = Math.max(1, Math.ceil(state.total / state.showBy));
  return (
    <section className="card ordinances" aria-labelledby="ordinances-title" aria-busy={state.isBusy}>
      <div className="ordinances__head">
        <h2 id="ordinances-title">Штрафы, налоги и долги</h2>
        <div className="ordinances__refresh">
          {updated !== '' && <span className="muted">Обновлено: {updated}</span>}
          <button type="button" className="btn btn--ghost" onClick={() => void refreshOrdinances()} disabled={state.isBusy || state.isWait}>
            Обновить
          </button>
        </div>
      </div>
      {state.counts !== undefined && (
        <p className="ordinances__total">
          К оплате: <strong>{formatRub(state.toPay)}</strong>
        </p>
      )}
      <div className="category-tabs" role="tablist" aria-label="Категории">
        {shownCategories(state.counts, state.sortIdentifier).map((category) => (
          <button
            key={category}
            type="button"
            role="tab"
            className="category-tabs__tab"
            aria-selected={state.sortIdentifier === category}
            onClick={() => void chooseCategory(category)}
          >
            {CATEGORY_TITLES[category]} <span className="tab-count">{state.counts?.[category] ?? '…'}</span>
          </button>
        ))}
      </div>
      <div className="ordinances__tools">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            void searchOrdinances(search.current?.value ?? '');
          }}
        >
          <label className="visually-hidden" htmlFor="ordinances-search">
            Поиск по списку
          </label>
          <input ref={search} id="ordinances-search" name="search" type="search" className="form-field__input" placeholder="УИН, статья, госномер, адрес" defaultValue={state.search} />
        </form>
        <label className="ordinances__order">
          <span className="visually-hidden">Сортировка</span>
          <select className="form-field__input" value={state.order} onChange={(event) => void chooseOrder(event.currentTarget.value as OrdinanceOrder)}>
            {Object.entries(ORDER_LABELS).map(([order, label]) => (
              <option key={order} value={order}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {state.isWait && (
        <p className="form-note" role="status">
          <span className="spinner spinner--dark" aria-hidden="true" /> Проверяем документы в ГИС ГМП, ФНС и ФССП… Список обновится сам.
        </p>
      )}
      {state.error !== '' && (
        <p className="form-error" role="alert">
          {state.error}{' '}
          <button type="button" className="link-button" onClick={() => void loadOrdinances()}>
            Повторить
          </button>
        </p>
      )}
      {state.items.length === 0 && !state.isBusy && !state.isWait && state.error === '' && state.counts !== undefined && (
        <p className="muted">{state.search !== '' ? 'Ничего не нашлось.' : 'Здесь пусто — и это хорошо.'}</p>
      )}
      <PaySelectionBar fines={payable} />
      <ul className="ordinance-list">
        {state.items.map((item) => (
          <OrdinanceRow key={item.id} item={item} selected={item.kind === 'fine' && selection.includes(item.ref)} />
        ))}
      </ul>
      {pages > 1 && (
        <nav className="pager" aria-label="Страницы списка">
          <button type="button" className="btn btn--ghost" disabled={state.page <= 1 || state.isBusy} onClick={() => void choosePage(state.page - 1)}>
            Назад
          </button>
          <span>
            Страница {state.page} из {pages}
          </span>
          <button type="button" className="btn btn--ghost" disabled={state.page >= pages || state.isBusy} onClick={() => void choosePage(state.page + 1)}>
            Дальше
          </button>
        </nav>
      )}
    </section>
  );
}

/** One fine, tax or debt; an unpaid fine has a tick for «Оплатить выбранные». */
function OrdinanceRow({ item, selected }: { item: OrdinanceItem; selected: boolean }) {
  const kind = item.kind === 'fine' ? 'Штраф' : item.kind === 'tax' ? 'Налог' : 'Долг ФССП';
  const titleId = `ordinance-${item.id}-title`;
  return (
    <li className={`ordinance ${item.paid ? 'ordinance--paid' : ''}`}>
      <div className="ordinance__main">
        <p className="ordinance__title" id={titleId} {...elementTiming('profile-ordinance')}>
          {item.kind === 'fine' ? <a href={`/fines/${item.ref}/`}>{item.title}</a> : item.title}
        </p>
        <p className="ordinance__meta muted">
          {kind}
          {item.article !== null && item.article !== '' && `, ${articleLabel(item.article)}`} · от {ruDate(item.date)}
          {item.vehiclePlate !== null && ` · ${item.vehiclePlate}`}
        </p>
        {item.place !== null && <p className="ordinance__meta muted">{item.place}</p>}
      </div>
      <div className="ordinance__sum">
        {item.paid ? (
          <span className="badge badge--paid">Оплачен{item.paidAt !== null ? ` ${ruDate(item.paidAt.slice(0, 10))}` : ''}</span>
        ) : (
          <>
            <strong>{formatRub(item.amountToPay)}</strong>
            {item.discountActive && item.discountLastDay !== null && (
              <span className="badge badge--discount">
                скидка до {ruDate(item.discountLastDay)}, без неё {formatRub(item.amount)}
              </span>
            )}
            {(item.kind === 'fine' || item.kind === 'tax') && (
              <span className="ordinance__actions">
                {item.kind === 'fine' && (
                  <label className="ordinance__select">
                    <input type="checkbox" checked={selected} onChange={() => togglePaySelection(item.ref)} aria-describedby={titleId} /> Выбрать
                  </label>
                )}
                <a className="btn btn--small" href={item.kind === 'tax' ? `/prepayment/?type=tax&uin=${item.number}` : `/prepayment/?fineIds=${item.ref}`} aria-label={`Оплатить: ${item.title}, ${formatRub(item.amountToPay)}`}>
                  Оплатить
                </a>
              </span>
            )}
          </>
        )}
      </div>
    </li>
  );
}
