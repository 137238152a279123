// The receipt of a paid payment as a PDF (pdf-lib, with a Cyrillic font embedded and subset): one
// module for the receipt page (the browser builds the file when asked) and the receipt mail.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { formatKopecks } from './paymentTotals.ts';

/** A payee's requisites as the receipt prints them. */
type Payee = { name: string; inn: string; kpp: string; account: string; bik: string; bankName: string; oktmo: string; kbk: string };

/** What a receipt shows (the reply of GET /payment/receipt/{hash}); amounts in kopecks. */
export type ReceiptDocument = {
  paymentId: string;
  paidAt: string;
  payer: string;
  items: readonly { uin: string; amount: number; title: string; payee: Payee }[];
  amount: number;
  commission: number;
  total: number;
  gateway: string;
  operationId: string | null;
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

/** Splits text into lines no wider than `width` at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) <= width || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Money in the PDF: the same words as on the page, with plain spaces (the font has no narrow no-break space). */
const money = (kopecks: number) => formatKopecks(kopecks).replace(/\u00a0/g, ' ');

/** The receipt as PDF bytes. `fontBytes`: a TrueType font with Cyrillic letters. */
export async function receiptPdf(receipt: ReceiptDocument, fontBytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Квитанция об оплате ${receipt.paymentId}`);
  pdf.setCreator('Штрафы Онлайн');
  const font = await pdf.embedFont(fontBytes, { subset: true });
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  const write = (text: string, size = 10, color = rgb(0.1, 0.1, 0.12), indent = 0) => {
    for (const line of wrap(font, text, size, width - indent)) {
      if (y < MARGIN + size) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      page.drawText(line, { x: MARGIN + indent, y: y - size, size, font, color });
      y -= size * 1.45;
    }
  };
  const gap = (points: number) => {
    y -= points;
  };
  const paidAt = new Date(receipt.paidAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'long', timeStyle: 'short' });
  write('Квитанция об оплате', 18);
  gap(4);
  write(`Оплачено ${paidAt} (по Москве) через ${receipt.gateway}${receipt.operationId === null ? '' : `, операция № ${receipt.operationId}`}.`);
  write(`Плательщик: ${receipt.payer}`);
  write(`Платёж № ${receipt.paymentId}`, 9, rgb(0.35, 0.38, 0.42));
  for (const item of receipt.items) {
    gap(10);
    write(`Постановление ${item.uin}`, 12);
    if (item.title !== '') write(item.title, 10, rgb(0.3, 0.32, 0.36));
    const { payee } = item;
    for (const [label, value] of [
      ['Получатель', payee.name],
      ['ИНН / КПП', `${payee.inn} / ${payee.kpp}`],
      ['Счёт', payee.account],
      ['Банк, БИК', `${payee.bankName}, ${payee.bik}`],
      ['ОКТМО, КБК', `${payee.oktmo}, ${payee.kbk}`],
      ['Сумма', money(item.amount)],
    ] as const) {
      write(`${label}: ${value}`, 10, rgb(0.1, 0.1, 0.12), 12);
    }
  }
  gap(12);
  write(`Штрафы: ${money(receipt.amount)}   Комиссия сервиса: ${money(receipt.commission)}`);
  write(`Всего списано: ${money(receipt.total)}`, 13);
  gap(12);
  write('Сведения об оплате передаются в ГИС ГМП; обычно это занимает до двух суток. Квитанция подтверждает оплату.', 9, rgb(0.35, 0.38, 0.42));
  return pdf.save();
}
