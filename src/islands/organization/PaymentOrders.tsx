import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Organization } from '../../api/structs/organization.ts';
import type { BankAccount } from '../../api/structs/paymentOrders.ts';
import { PAYMENT_ORDER_FACTS, PAYMENT_ORDER_FORMAT } from '../../lib/legalFacts/paymentOrderRules.ts';
import { moscowToday } from '../../lib/isoDate.ts';
import { formatRub } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';
import { $paymentOrders, downloadOrders, openPaymentOrders, paymentOrdersPage, saveAccount, toggleAllFines, toggleFine } from '../../stores/organization/paymentOrders.ts';
import { FormError } from '../account/Field.tsx';

/** DD.MM.YYYY from an ISO date or moment. */
const ruDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

/** The budget fields the orders fill, as the cabinet explains them. */
const RULES: readonly [string, keyof typeof PAYMENT_ORDER_FACTS][] = [
  ['Статус составителя (101)', 'paymentOrder.payerStatus'],
  ['Код (22)', 'paymentOrder.uin'],
  ['КБК (104)', 'paymentOrder.kbk'],
  ['ОКТМО (105)', 'paymentOrder.oktmo'],
  ['Основание (106)', 'paymentOrder.basis'],
  ['Налоговый период (107)', 'paymentOrder.period'],
  ['Номер документа (108)', 'paymentOrder.documentNumber'],
  ['Дата документа (109)', 'paymentOrder.documentDate'],
  ['Очерёдность (21)', 'paymentOrder.priority'],
  ['Вид операции (18)', 'paymentOrder.operationKind'],
  ['Вид платежа (5)', 'paymentOrder.paymentKind'],
  ['Счета получателя (15, 17)', 'paymentOrder.treasuryAccounts'],
];

/** The payer's bank account form. */
function AccountForm({ account, disabled }: { account: BankAccount | null; disabled: boolean }) {
  const { savingAccount, accountError } = useStore($paymentOrders);
  const [form, setForm] = useState<BankAccount>(account ?? { account: '', bik: '', bankName: '', correspondentAccount: '' });
  useEffect(() => setForm(account ?? { account: '', bik: '', bankName: '', correspondentAccount: '' }), [account]);
  const field = (name: keyof BankAccount, label: string, inputMode: 'numeric' | 'text', maxLength: number) => (
    <label className="form-field">
      <span className="form-field__label">{label}</span>
      <input className="form-field__input" name={name} value={form[name]} inputMode={inputMode} maxLength={maxLength} disabled={disabled} onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value.trim() === '' ? '' : e.currentTarget.value })} />
    </label>
  );
  return (
    <form
      className="payment-orders__account"
      aria-label="Счёт плательщика"
      onSubmit={(event) => {
        event.preventDefault();
        void saveAccount(form);
      }}
    >
      {field('account', 'Расчётный счёт', 'numeric', 20)}
      {field('bik', 'БИК банка', 'numeric', 9)}
      {field('bankName', 'Банк', 'text', 160)}
      {field('correspondentAccount', 'Корр. счёт банка', 'numeric', 20)}
      <FormError message={accountError} />
      <button type="submit" className="btn btn--ghost" disabled={disabled || savingAccount}>
        {savingAccount ? 'Сохраняем…' : 'Сохранить счёт'}
      </button>
    </form>
  );
}

/** «Платёжки для банка»: choose unpaid fines and download payment orders for the company's bank client (1С format) or as XLSX. */
export function PaymentOrders({ organization }: { organization: Organization }) {
  const { reply, account, selected, busy, downloading, error, saved, page } = useStore($paymentOrders);
  useEffect(() => void openPaymentOrders(organization.id), [organization.id]);
  const paid = reply?.paid ?? false;
  const items = reply?.fines.items ?? [];
  const pages = reply === undefined ? 1 : Math.max(1, Math.ceil(reply.fines.total / reply.fines.showBy));
  const chosenSum = items.filter((f) => selected.includes(f.id)).reduce((sum, f) => sum + f.amountToPayKopecks, 0);
  const canDownload = paid && account !== null && !downloading;
  return (
    <section className="card payment-orders" aria-labelledby="payment-orders-title" aria-busy={busy}>
      <h2 id="payment-orders-title">Платёжки для банка</h2>
      <p>
        Отметьте неоплаченные штрафы и скачайте платёжные поручения в формате 1С (1CClientBankExchange): их загружают интернет-банк и 1С:Бухгалтерия. По поручению на каждый штраф — получателю из постановления, с УИН,
        КБК и ОКТМО. Плательщик — {organization.name}, ИНН {organization.inn}
        {organization.kpp === null ? '' : `, КПП ${organization.kpp}`}.
      </p>
      {!paid && reply !== undefined && (
        <p className="sub-banner sub-banner--warn" role="note">
          Платёжки выгружаются по оплаченной подписке. Сейчас показан пример на скрытых данных — файл не формируется.
        </p>
      )}
      <AccountForm account={account} disabled={!paid} />
      <FormError message={error} />
      {saved !== '' && (
        <p role="status" className="form-note">
          Файл {saved} сохранён. Загрузите его в интернет-банк: «Импорт платёжек из 1С».
        </p>
      )}
      {reply !== undefined && items.length === 0 && !busy && <p className="muted">Неоплаченных штрафов нет.</p>}
      {items.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Неоплаченные штрафы для платёжек">
          <table className="data-table data-table--cards payment-orders__table">
            <thead>
              <tr>
                <th scope="col">
                  <input type="checkbox" aria-label="Выбрать все на странице" checked={items.every((f) => selected.includes(f.id))} onChange={() => toggleAllFines()} disabled={!paid} />
                </th>
                <th scope="col">Дата</th>
                <th scope="col">Постановление</th>
                <th scope="col">К оплате</th>
                <th scope="col">Платёжка</th>
              </tr>
            </thead>
            <tbody>
              {items.map((fine) => {
                const exported = reply?.exported[String(fine.id)];
                return (
                  <tr key={fine.id}>
                    <td data-label="Выбрать">
                      <input type="checkbox" aria-label={`Штраф ${fine.uin} от ${ruDate(fine.rulingDate)}`} checked={selected.includes(fine.id)} onChange={() => toggleFine(fine.id)} disabled={!paid} />
                    </td>
                    <td data-label="Дата" className="nowrap">
                      {ruDate(fine.rulingDate)}
                    </td>
                    <td data-label="Постановление" className="mono">
                      {fine.uin}
                    </td>
                    <td data-label="К оплате">
                      <strong className="nowrap">{formatRub(fine.amountToPay)}</strong>
                      {fine.discountActive && fine.discountLastDay !== null && <span className="badge badge--discount">скидка до {ruDate(fine.discountLastDay)}</span>}
                    </td>
                    <td data-label="Платёжка">{exported === undefined ? <span className="muted">—</span> : <span className="badge">выгружен в платёжку {ruDate(moscowToday(Date.parse(exported)))}</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label="Страницы штрафов для платёжек">
          <button type="button" className="btn btn--ghost" disabled={page <= 1 || busy} onClick={() => void paymentOrdersPage(page - 1)}>
            Назад
          </button>
          <span>
            Страница {page} из {pages}
          </span>
          <button type="button" className="btn btn--ghost" disabled={page >= pages || busy} onClick={() => void paymentOrdersPage(page + 1)}>
            Дальше
          </button>
        </nav>
      )}
      {paid && account === null && <p className="form-note">Чтобы скачать платёжки, сохраните расчётный счёт организации.</p>}
      <div className="payment-orders__actions">
        <button type="button" className="btn" disabled={!canDownload || selected.length === 0} onClick={() => void downloadOrders('selected', '1c')}>
          {downloading ? 'Готовим файл…' : `Скачать платёжки (1С)${selected.length > 0 ? ` — ${selected.length} ${plural(selected.length, ['штраф', 'штрафа', 'штрафов'])} на ${formatRub(chosenSum / 100)}` : ''}`}
        </button>
        <button type="button" className="btn btn--ghost" disabled={!canDownload || selected.length === 0} onClick={() => void downloadOrders('selected', 'xlsx')}>
          Таблица XLSX
        </button>
        <button type="button" className="btn btn--ghost" disabled={!canDownload} onClick={() => void downloadOrders('discounted', '1c')}>
          Все неоплаченные со скидкой (1С)
        </button>
      </div>
      <details className="payment-orders__rules">
        <summary>Как заполнены поля платёжки для бюджета</summary>
        <dl>
          {RULES.map(([label, id]) => (
            <div key={id}>
              <dt>
                {label}: <strong>{String(PAYMENT_ORDER_FACTS[id].value)}</strong>
              </dt>
              <dd className="muted">{PAYMENT_ORDER_FACTS[id].source}</dd>
            </div>
          ))}
          <div>
            <dt>
              Файл: <strong>{PAYMENT_ORDER_FORMAT.value}</strong>
            </dt>
            <dd className="muted">{PAYMENT_ORDER_FORMAT.source}</dd>
          </div>
        </dl>
      </details>
    </section>
  );
}
