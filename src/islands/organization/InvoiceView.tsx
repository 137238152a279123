import { useEffect, useState } from 'react';
import type { InvoiceDocument } from '../../api/structs/invoice.ts';
import { invoiceFormulaOf, invoiceItemText, invoiceQuantity, invoiceTitle, invoiceValidity, partyLine, paymentPurpose, totalLine } from '../../lib/invoiceText.ts';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { DocumentActions, pdfFont } from '../DocumentActions.tsx';
import { loadInvoice, type InvoicePageView as View } from '../../stores/organization/invoice.ts';
import { CabinetGate } from './CabinetGate.tsx';
import './invoice.css';

/** /invoice/{hash}/: an organization's invoice for its subscription, printable and as a PDF, for the signed-in owner. */
export default function InvoiceView() {
  return (
    <AppErrorBoundary>
      <InvoicePage />
    </AppErrorBoundary>
  );
}

/** The invoice's PDF, built in the browser (pdf-lib and the font load only now). */
async function makeInvoicePdf(invoice: InvoiceDocument): Promise<{ bytes: Uint8Array; filename: string }> {
  const [{ invoicePdf }, font] = await Promise.all([import('../../lib/invoicePdf.ts'), pdfFont()]);
  return { bytes: await invoicePdf(invoice, font), filename: `schet-${invoice.number}.pdf` };
}

function InvoicePage() {
  const [view, setView] = useState<View>({ state: 'loading' });
  useEffect(() => {
    void loadInvoice(window.location.pathname).then(setView);
  }, []);
  if (view.state === 'signedOut') {
    return <CabinetGate className="invoice" title="Счёт на оплату" signedOut signedOutText="Счёт видит только владелец кабинета организации: войдите, чтобы открыть его." message="" />;
  }
  if (view.state !== 'ready') {
    return (
      <article className="invoice">
        <h1>Счёт на оплату</h1>
        {view.state === 'loading' ? (
          <p role="status" className="muted">
            Загружаем счёт…
          </p>
        ) : (
          <p role="alert">{view.message}</p>
        )}
      </article>
    );
  }
  const { invoice } = view;
  const { seller } = invoice;
  return (
    <article className="invoice" aria-labelledby="invoice-title">
      {invoice.test && (
        <p className="invoice__sample" role="note">
          Образец: реквизиты продавца — тестовые значения из настроек, по этому счёту платить нельзя.
        </p>
      )}
      <table className="invoice__bank">
        <caption className="visually-hidden">Получатель платежа</caption>
        <tbody>
          <tr>
            <th scope="row">Банк получателя</th>
            <td>{seller.bank.name}</td>
            <th scope="row">БИК</th>
            <td>{seller.bank.bik}</td>
          </tr>
          <tr>
            <th scope="row">Получатель</th>
            <td>
              {seller.name}, ИНН {seller.inn}
              {seller.kpp !== null && <>, КПП {seller.kpp}</>}
            </td>
            <th scope="row">Сч. №</th>
            <td>
              {seller.bank.account}
              <br />
              <span className="muted">корр. {seller.bank.correspondentAccount}</span>
            </td>
          </tr>
        </tbody>
      </table>
      <h1 id="invoice-title">{invoiceTitle(invoice)}</h1>
      <dl className="invoice__parties">
        <dt>Поставщик</dt>
        <dd>{partyLine(seller)}</dd>
        <dt>Покупатель</dt>
        <dd>{partyLine(invoice.buyer)}</dd>
      </dl>
      <table className="invoice__items">
        <thead>
          <tr>
            <th scope="col">№</th>
            <th scope="col">Услуга</th>
            <th scope="col">Кол-во, авт.-мес.</th>
            <th scope="col">Цена</th>
            <th scope="col">Сумма</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label="№">1</td>
            <td data-label="Услуга">{invoiceItemText(invoice)}</td>
            <td data-label="Количество, авт.-мес.">{invoiceQuantity(invoice)}</td>
            <td data-label="Цена">{formatKopecks(invoice.item.priceKopecks)}</td>
            <td data-label="Сумма">{formatKopecks(invoice.totalKopecks)}</td>
          </tr>
        </tbody>
      </table>
      <p className="invoice__formula muted">Расчёт: {invoiceFormulaOf(invoice)}</p>
      <p className="invoice__total">{totalLine(invoice)}</p>
      <p>Назначение платежа: {paymentPurpose(invoice)}</p>
      <p className="muted">{invoiceValidity(invoice)}</p>
      <DocumentActions className="invoice__actions" makePdf={() => makeInvoicePdf(invoice)} />
    </article>
  );
}
