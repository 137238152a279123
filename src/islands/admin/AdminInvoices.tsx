import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { moscowToday } from '../../lib/isoDate.ts';
import { formatRub } from '../../lib/money.ts';
import { $adminInvoices, importStatement, loadAdminInvoices, markPaid } from '../../stores/admin/invoices.ts';
import '../platform/platform.css';

/** DD.MM.YYYY of an ISO moment, in Moscow. */
const day = (iso: string) => moscowToday(Date.parse(iso)).split('-').reverse().join('.');

/** How each statement outcome reads. */
const OUTCOME: Record<string, string> = { paid: 'Оплачен', alreadyPaid: 'Уже был оплачен', amountMismatch: 'Сумма не совпала', unknownNumber: 'Счёт не найден', noNumber: 'Нет номера счёта', notIncoming: 'Не поступление' };
/** How a payment was learnt. */
const SOURCE: Record<string, string> = { admin: 'вручную', statement: 'по выписке', sandbox: 'песочница' };

/** /admin/invoices/: the operator settles organizations' invoices by hand or by the bank's statement (ADMIN_EMAILS only). */
export default function AdminInvoices() {
  const { view, q, marking, notice, error, uploading, report } = useStore($adminInvoices);
  useEffect(() => void loadAdminInvoices(), []);
  if (view.kind === 'notFound') {
    return (
      <section className="card">
        <h1>Страница не найдена</h1>
        <p>Такой страницы нет. Вернитесь на <a href="/">главную</a>.</p>
      </section>
    );
  }
  return (
    <section className="analytics" aria-busy={view.kind === 'loading'}>
      <h1>Счета организаций</h1>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem('statement') as HTMLInputElement;
          const file = input.files?.[0];
          if (file !== undefined) void importStatement(file);
        }}
      >
        <h2>Выписка банка</h2>
        <p>Файл выписки в формате 1CClientBankExchange (выгрузка «в 1С» из интернет-банка). Счёт оплачивается, когда в назначении платежа есть его номер и сумма совпадает со счётом; та же выписка второй раз ничего не меняет.</p>
        <label className="form-field">
          <span className="form-field__label">Файл выписки</span>
          <input className="form-field__input" type="file" name="statement" accept=".txt,text/plain" required />
        </label>
        <button type="submit" className="btn" disabled={uploading}>
          {uploading ? 'Загружаем…' : 'Загрузить выписку'}
        </button>
      </form>
      {error !== '' && <p role="alert" className="platform-error">{error}</p>}
      {notice !== '' && <p role="status">{notice}</p>}
      {report !== undefined && (
        <div className="card" role="region" aria-label="Итог выписки">
          {report.duplicate ? (
            <p role="status">Эта выписка уже загружалась {day(report.uploadedAt)}: ничего не изменено (документов {report.documents}, оплачено счетов {report.matched}).</p>
          ) : (
            <>
              <p role="status">Документов в выписке: {report.documents}, оплачено счетов: {report.matched}.</p>
              <div className="analytics__scroll">
                <table className="analytics__table">
                  <thead>
                    <tr>
                      <th scope="col">Документ</th>
                      <th scope="col">Плательщик</th>
                      <th scope="col">Сумма</th>
                      <th scope="col">Счёт</th>
                      <th scope="col">Итог</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.rows.map((row, index) => (
                      <tr key={index}>
                        <td>{row.document}</td>
                        <td>{row.payer}</td>
                        <td className="nowrap">{formatRub(row.amountKopecks / 100)}</td>
                        <td>{row.invoiceNumber ?? '—'}</td>
                        <td>
                          <strong>{OUTCOME[row.outcome]}</strong>: {row.reason}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}
      <form
        className="analytics__periods"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void loadAdminInvoices((event.currentTarget.elements.namedItem('q') as HTMLInputElement).value);
        }}
      >
        <label className="form-field">
          <span className="form-field__label">Номер счёта, ИНН или название</span>
          <input className="form-field__input" name="q" defaultValue={q} />
        </label>
        <button type="submit" className="btn btn--ghost">
          Найти
        </button>
      </form>
      {view.kind === 'loading' && <p role="status">Загружаем счета…</p>}
      {view.kind === 'failed' && <p role="alert" className="platform-error">{view.message}</p>}
      {view.kind === 'ready' && view.items.length === 0 && <p>Счетов нет.</p>}
      {view.kind === 'ready' && view.items.length > 0 && (
        <div className="analytics__scroll">
          <table className="analytics__table">
            <caption>Неоплаченные — первыми</caption>
            <thead>
              <tr>
                <th scope="col">Счёт</th>
                <th scope="col">Организация</th>
                <th scope="col">Авто × мес</th>
                <th scope="col">Сумма</th>
                <th scope="col">Оплата</th>
              </tr>
            </thead>
            <tbody>
              {view.items.map((invoice) => (
                <tr key={invoice.id}>
                  <td>
                    № {invoice.number} от {day(invoice.createdAt)}
                  </td>
                  <td>
                    {invoice.organizationName}, ИНН {invoice.inn}
                  </td>
                  <td>
                    {invoice.vehicles} × {invoice.months}
                  </td>
                  <td className="nowrap">{formatRub(invoice.totalKopecks / 100)}</td>
                  <td>
                    {invoice.paidAt === null ? (
                      <button type="button" className="btn btn--small" disabled={marking !== undefined} onClick={() => void markPaid(invoice)} aria-label={`Отметить счёт № ${invoice.number} оплаченным`}>
                        Отметить оплаченным
                      </button>
                    ) : (
                      <>
                        Оплачен {day(invoice.paidAt)}
                        {invoice.source === null ? '' : ` (${SOURCE[invoice.source]})`}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
