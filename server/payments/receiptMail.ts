import { formatKopecks } from '../../src/lib/paymentTotals.ts';
import type { AppDeps } from '../appDeps.ts';
import { mailHtml, mailText } from '../mail/layout.ts';
import type { MailContent } from '../mail/layout.ts';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { receiptPdf } from '../../src/lib/receiptPdf.ts';
import { paymentItems, readPayment } from './paymentStore.ts';
import { receiptOf } from './paymentView.ts';

/** The receipt font: the site's copy (public/fonts), or the built one (dist/fonts) where only the build is shipped. */
let font: Promise<Uint8Array> | undefined;
function receiptFont(): Promise<Uint8Array> {
  const root = resolve(import.meta.dirname, '../..');
  font ??= readFile(resolve(root, 'public/fonts/DejaVuSans.ttf')).catch(() => readFile(resolve(root, 'dist/fonts/DejaVuSans.ttf'))).then((bytes) => new Uint8Array(bytes));
  return font;
}

/** The page of a payment's receipt. */
export function receiptLink(siteUrl: string, hash: string): string {
  return `${siteUrl}/fines/document/${hash}/`;
}

/** Mails the receipt of a paid payment to the address the payer gave (in the background; failures are reported, not thrown). */
export async function sendReceipt(deps: AppDeps, paymentId: string): Promise<void> {
  const payment = await readPayment(deps.db, paymentId);
  if (payment === undefined || payment.status !== 'success' || payment.receipt_hash === null) return;
  const items = await paymentItems(deps.db, paymentId);
  const content: MailContent = {
    heading: items.length === 1 ? 'Штраф оплачен' : `Оплачено штрафов: ${items.length}`,
    paragraphs: [
      `Платёж на ${formatKopecks(Number(payment.total_kopecks))} прошёл ${payment.finished_at?.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }) ?? ''} (по Москве).`,
      `Штрафы: ${formatKopecks(Number(payment.amount_kopecks))}, комиссия сервиса: ${formatKopecks(Number(payment.commission_kopecks))}.`,
      'Сведения об оплате поступят в ГИС ГМП; обычно это занимает до двух суток. Сохраните квитанцию: она подтверждает оплату.',
    ],
    entries: items.map((item) => ({ title: `Постановление ${item.uin}`, lines: [`Оплачено: ${formatKopecks(Number(item.amount_kopecks))}`] })),
    action: { label: 'Открыть квитанцию', url: receiptLink(deps.siteUrl, payment.receipt_hash) },
    note: 'Письмо пришло, потому что этот адрес указали для квитанции при оплате.',
    siteUrl: deps.siteUrl,
  };
  const receipt = await receiptOf(deps.db, payment.receipt_hash);
  const attachments = receipt === undefined ? [] : [{ filename: `kvitanciya-${payment.id.slice(0, 8)}.pdf`, content: await receiptPdf(receipt, await receiptFont()), contentType: 'application/pdf' }];
  deps.mail.sendLater({ to: payment.email, subject: 'Квитанция об оплате штрафа', text: mailText(content), html: mailHtml(content), link: receiptLink(deps.siteUrl, payment.receipt_hash), attachments });
}
