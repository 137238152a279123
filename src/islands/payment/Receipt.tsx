import { useEffect, useState } from 'react';
import { fetchReceipt } from '../../api/payment.ts';
import type { Receipt as ReceiptData } from '../../api/structs/payment.ts';
import { userMessage } from '../../api/userMessage.ts';
import { amountRows, itemHeading, itemRows, operationRows, operatorRows, RECEIPT_NOTE, RECEIPT_SAMPLE_NOTE, receiptTitle, receiptTotal } from '../../lib/receiptText.ts';
import type { ReceiptRow } from '../../lib/receiptText.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { DocumentActions, pdfFont } from '../DocumentActions.tsx';
import './payment.css';

type View = { state: 'loading' } | { state: 'ready'; receipt: ReceiptData } | { state: 'missing'; message: string };

/** /fines/document/{hash}/: the receipt of a paid payment, printable, by its link alone. */
export default function Receipt() {
  return (
    <AppErrorBoundary>
      <ReceiptView />
    </AppErrorBoundary>
  );
}

/** The receipt's PDF, built in the browser (pdf-lib and the font load only now). */
async function makeReceiptPdf(receipt: ReceiptData): Promise<{ bytes: Uint8Array; filename: string }> {
  const [{ receiptPdf }, font] = await Promise.all([import('../../lib/receiptPdf.ts'), pdfFont()]);
  return { bytes: await receiptPdf(receipt, font), filename: `kvitanciya-${receipt.paymentId.slice(0, 8)}.pdf` };
}

function ReceiptView() {
  const [view, setView] = useState<View>({ state: 'loading' });
  useEffect(() => {
    const hash = /^\/fines\/document\/([A-Za-z0-9_-]{22})\/?$/.exec(window.location.pathname)?.[1];
    if (hash === undefined) {
      setView({ state: 'missing', message: 'Квитанция не найдена: проверьте ссылку из письма.' });
      return;
    }
    fetchReceipt(hash).then(
      (receipt) => setView({ state: 'ready', receipt }),
      (error: unknown) => setView({ state: 'missing', message: userMessage(error) }),
    );
  }, []);
  if (view.state !== 'ready') {
    return (
      <article className="receipt">
        <h1>Квитанция об оплате</h1>
        {view.state === 'loading' ? (
          <p role="status" className="muted">
            Загружаем квитанцию…
          </p>
        ) : (
          <p role="alert">{view.message}</p>
        )}
      </article>
    );
  }
  const { receipt } = view;
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      {receipt.operator.test && (
        <p className="receipt__sample" role="note">
          {RECEIPT_SAMPLE_NOTE}
        </p>
      )}
      <h1 id="receipt-title">{receiptTitle(receipt)}</h1>
      <Requisites caption="Операция" rows={operationRows(receipt)} />
      <Requisites caption="Оператор сервиса" rows={operatorRows(receipt)} />
      {receipt.items.map((item) => {
        const heading = itemHeading(receipt, item.uin);
        return (
          <section key={item.uin} className="receipt__item" aria-label={heading}>
            <h2>{heading}</h2>
            {item.title !== '' && <p className="receipt__title muted">{item.title}</p>}
            <Requisites caption={`Реквизиты получателя и сумма: ${heading}`} hiddenCaption rows={itemRows(item)} />
          </section>
        );
      })}
      <Requisites caption="Суммы" rows={amountRows(receipt)} amounts />
      <p className="receipt__total">{receiptTotal(receipt)}</p>
      <p className="receipt__note muted">{RECEIPT_NOTE}</p>
      <DocumentActions className="receipt__print pay-actions" makePdf={() => makeReceiptPdf(receipt)} />
    </article>
  );
}

/** A table of label and value rows, as the PDF draws it. */
function Requisites({ caption, rows, hiddenCaption = false, amounts = false }: { caption: string; rows: readonly ReceiptRow[]; hiddenCaption?: boolean; amounts?: boolean }) {
  return (
    <table className={amounts ? 'receipt__table receipt__table--amounts' : 'receipt__table'}>
      <caption className={hiddenCaption ? 'visually-hidden' : 'receipt__caption'}>{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
