import { useEffect, useState } from 'react';
import { fetchReceipt } from '../../api/payment.ts';
import type { Receipt as ReceiptData } from '../../api/structs/payment.ts';
import { userMessage } from '../../api/userMessage.ts';
import { formatKopecks } from '../../lib/paymentTotals.ts';
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
  const paidAt = new Date(receipt.paidAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'long', timeStyle: 'short' });
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <h1 id="receipt-title">Квитанция об оплате</h1>
      <p>
        Оплачено {paidAt} (по Москве) через {receipt.gateway}
        {receipt.operationId !== null && <>, операция № {receipt.operationId}</>}.
      </p>
      <p>Плательщик: {receipt.payer}</p>
      {receipt.items.map((item) => (
        <section key={item.uin} className="receipt__item" aria-label={`Постановление ${item.uin}`}>
          <h2>Постановление {item.uin}</h2>
          <p>{item.title}</p>
          <dl className="receipt__payee">
            <dt>Получатель</dt>
            <dd>{item.payee.name}</dd>
            <dt>ИНН / КПП</dt>
            <dd>
              {item.payee.inn} / {item.payee.kpp}
            </dd>
            <dt>Счёт</dt>
            <dd>{item.payee.account}</dd>
            <dt>Банк, БИК</dt>
            <dd>
              {item.payee.bankName}, {item.payee.bik}
            </dd>
            <dt>ОКТМО, КБК</dt>
            <dd>
              {item.payee.oktmo}, {item.payee.kbk}
            </dd>
            <dt>Сумма</dt>
            <dd>
              <strong>{formatKopecks(item.amount)}</strong>
            </dd>
          </dl>
        </section>
      ))}
      <p>
        Штрафы: {formatKopecks(receipt.amount)} · комиссия сервиса: {formatKopecks(receipt.commission)} · всего списано: <strong>{formatKopecks(receipt.total)}</strong>
      </p>
      <DocumentActions className="receipt__print pay-actions" makePdf={() => makeReceiptPdf(receipt)} />
    </article>
  );
}
