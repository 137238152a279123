// The receipt of a paid payment as a PDF (pdf-lib, with a Cyrillic font embedded and subset): one
// module for the receipt page (the browser builds the file when asked) and the receipt mail.
import { createPdfWriter, INK, MUTED, pdfMoney as money } from './pdfWriter.ts';

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

/** The receipt as PDF bytes. `fontBytes`: a TrueType font with Cyrillic letters. */
export async function receiptPdf(receipt: ReceiptDocument, fontBytes: Uint8Array): Promise<Uint8Array> {
  const { write, gap, save } = await createPdfWriter(`Квитанция об оплате ${receipt.paymentId}`, fontBytes);
  const paidAt = new Date(receipt.paidAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'long', timeStyle: 'short' });
  write('Квитанция об оплате', 18);
  gap(4);
  write(`Оплачено ${paidAt} (по Москве) через ${receipt.gateway}${receipt.operationId === null ? '' : `, операция № ${receipt.operationId}`}.`);
  write(`Плательщик: ${receipt.payer}`);
  write(`Платёж № ${receipt.paymentId}`, 9, MUTED);
  for (const item of receipt.items) {
    gap(10);
    write(`Постановление ${item.uin}`, 12);
    if (item.title !== '') write(item.title, 10, MUTED);
    const { payee } = item;
    for (const [label, value] of [
      ['Получатель', payee.name],
      ['ИНН / КПП', `${payee.inn} / ${payee.kpp}`],
      ['Счёт', payee.account],
      ['Банк, БИК', `${payee.bankName}, ${payee.bik}`],
      ['ОКТМО, КБК', `${payee.oktmo}, ${payee.kbk}`],
      ['Сумма', money(item.amount)],
    ] as const) {
      write(`${label}: ${value}`, 10, INK, 12);
    }
  }
  gap(12);
  write(`Штрафы: ${money(receipt.amount)}   Комиссия сервиса: ${money(receipt.commission)}`);
  write(`Всего списано: ${money(receipt.total)}`, 13);
  gap(12);
  write('Сведения об оплате передаются в ГИС ГМП; обычно это занимает до двух суток. Квитанция подтверждает оплату.', 9, MUTED);
  return save();
}
