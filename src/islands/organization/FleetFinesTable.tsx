import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { moscowToday } from '../../lib/isoDate.ts';
import { formatRub } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';
import { $fleet } from '../../stores/organization/fleet.ts';
import { $fleetFines, filterFleetFines, fleetFinesPage, stopFleetFinesPolling } from '../../stores/organization/fleetFines.ts';
import { FormError } from '../account/Field.tsx';
import { articleLabel } from '../../lib/koapCitation.ts';
import { BearerChoice, DriverFilter } from './drivers/FineDriver.tsx';

/** DD.MM.YYYY from YYYY-MM-DD. */
const ruDate = (iso: string) => iso.split('-').reverse().join('.');

/** «выгружен в платёжку {дата}» on an unpaid fine that went into a downloaded payment order. */
function ExportedMark({ at }: { at: string | null | undefined }) {
  if (at === undefined || at === null) return null;
  return <span className="badge">выгружен в платёжку {ruDate(moscowToday(Date.parse(at)))}</span>;
}

/** The fleet's fines: filters, totals, a table (cards on a phone, the «К оплате» column always in view), pages. */
export function FleetFinesTable() {
  const { reply, filters, page, showBy, busy, error } = useStore($fleetFines);
  const { vehicles, drivers } = useStore($fleet);
  useEffect(() => stopFleetFinesPolling, []);
  const pages = reply === undefined ? 1 : Math.max(1, Math.ceil(reply.total / showBy));
  const masked = reply?.items.some((item) => item.masked) ?? false;
  return (
    <section className="card" aria-labelledby="fleet-fines-title" aria-busy={busy}>
      <h2 id="fleet-fines-title">Штрафы автопарка</h2>
      <p>
        <a href="/download-file/">Выгрузить в Excel или CSV</a>
      </p>
      <div className="fleet-filters" role="group" aria-label="Фильтры">
        <label className="form-field">
          <span className="form-field__label">Автомобиль</span>
          <select className="form-field__input" value={filters.vehicle ?? ''} onChange={(e) => void filterFleetFines({ vehicle: e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value) })}>
            <option value="">Все</option>
            {vehicles.map((v) => (
              <option key={v.id} value={v.id}>
                {v.vehiclePlate}
              </option>
            ))}
          </select>
        </label>
        <DriverFilter drivers={drivers} value={filters.driver} />
        <label className="form-field">
          <span className="form-field__label">Оплата</span>
          <select className="form-field__input" value={filters.paid === undefined ? '' : String(filters.paid)} onChange={(e) => void filterFleetFines({ paid: e.currentTarget.value === '' ? undefined : (Number(e.currentTarget.value) as 0 | 1) })}>
            <option value="">Все</option>
            <option value="0">Не оплачены</option>
            <option value="1">Оплачены</option>
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={filters.discount} onChange={(e) => void filterFleetFines({ discount: e.currentTarget.checked })} />
          <span>Идёт скидка</span>
        </label>
      </div>
      {reply?.isWait === true && (
        <p className="form-note" role="status">
          <span className="spinner spinner--dark" aria-hidden="true" /> Проверяем новые автомобили и водителей… Список дополнится сам.
        </p>
      )}
      <FormError message={error} />
      {reply !== undefined && (
        <p className="fleet-totals">
          {reply.totals.count} {plural(reply.totals.count, ['штраф', 'штрафа', 'штрафов'])}, не оплачено {reply.totals.unpaid} на <strong className="nowrap">{formatRub(reply.totals.toPay)}</strong>
          {reply.totals.discounted > 0 && (
            <>
              {' '}
              · со скидкой {reply.totals.discounted}: экономия {formatRub(reply.totals.savings)}, если оплатить сейчас
            </>
          )}
        </p>
      )}
      {masked && <p className="muted">Номера постановлений, госномера и места скрыты: организация в демо-режиме или подписка закончилась. Оплатить штрафы автопарка отсюда можно по действующей подписке.</p>}
      {reply !== undefined && reply.items.length === 0 && !busy && <p className="muted">Штрафов не найдено.</p>}
      {reply !== undefined && reply.items.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Таблица штрафов">
          <table className="data-table data-table--cards fleet-fines">
            <thead>
              <tr>
                <th scope="col">Дата</th>
                <th scope="col">Найден по</th>
                <th scope="col">Нарушение</th>
                <th scope="col">Водитель</th>
                <th scope="col">Постановление</th>
                <th scope="col" className="fleet-fines__pay">
                  К оплате
                </th>
              </tr>
            </thead>
            <tbody>
              {reply.items.map((item) => (
                <tr key={`${item.organizationId}-${item.id}`}>
                  <td data-label="Дата" className="nowrap">
                    {ruDate(item.rulingDate)}
                  </td>
                  <td data-label="Найден по" className="plate">
                    {item.foundBy}
                  </td>
                  <td data-label="Нарушение">
                    <div>
                      {articleLabel(item.article)}: {item.articleTitle}
                      {item.place !== '' && <span className="fleet-fines__place muted">{item.place}</span>}
                    </div>
                  </td>
                  <td data-label="Водитель">
                    <BearerChoice fine={item} />
                  </td>
                  <td data-label="Постановление" className="mono">
                    {item.uin}
                  </td>
                  <td data-label="К оплате" className="fleet-fines__pay">
                    <div>
                      {item.paid ? (
                        <span className="badge badge--paid">Оплачен</span>
                      ) : (
                        <>
                          <strong className="nowrap">{formatRub(item.amountToPay)}</strong>
                          {item.discountActive && item.discountLastDay !== null && <span className="badge badge--discount">скидка до {ruDate(item.discountLastDay)}</span>}
                          <ExportedMark at={item.exportedAt} />
                          {/* Masked fines (demo or an ended subscription) cannot be paid here: paying shows what the demo hides. */}
                          {!item.masked && (
                            <a className="btn btn--small fleet-pay" href={`/prepayment/?fineIds=${item.id}`} aria-label={`Оплатить штраф от ${ruDate(item.rulingDate)}, ${formatRub(item.amountToPay)}`}>
                              Оплатить
                            </a>
                          )}
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label="Страницы штрафов">
          <button type="button" className="btn btn--ghost" disabled={page <= 1 || busy} onClick={() => void fleetFinesPage(page - 1)}>
            Назад
          </button>
          <span>
            Страница {page} из {pages}
          </span>
          <button type="button" className="btn btn--ghost" disabled={page >= pages || busy} onClick={() => void fleetFinesPage(page + 1)}>
            Дальше
          </button>
        </nav>
      )}
    </section>
  );
}
