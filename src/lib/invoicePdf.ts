// An invoice (счёт на оплату) as a PDF, built in the browser when asked (pdf-lib loads only then).
import { invoiceItemText, invoiceQuantity, invoiceTitle, partyLine, paymentPurpose } from './invoiceText.ts';
import type { InvoiceDocument } from './invoiceText.ts';
import { createPdfWriter, MUTED, pdfMoney } from './pdfWriter.ts';

/** The invoice as PDF bytes. `fontBytes`: a TrueType font with Cyrillic letters. */
export async function invoicePdf(invoice: InvoiceDocument, fontBytes: Uint8Array): Promise<Uint8Array> {
  const { write, gap, save } = await createPdfWriter(invoiceTitle(invoice), fontBytes);
  const { seller } = invoice;
  if (invoice.test) {
    write('ОБРАЗЕЦ: реквизиты продавца — тестовые значения, счёт не для оплаты.', 10, MUTED);
    gap(6);
  }
  write('Получатель платежа', 12);
  write(`${seller.name}, ИНН ${seller.inn}${seller.kpp === null ? '' : `, КПП ${seller.kpp}`}`);
  write(`Банк получателя: ${seller.bank.name}, БИК ${seller.bank.bik}`);
  write(`Расчётный счёт ${seller.bank.account}, корр. счёт ${seller.bank.correspondentAccount}`);
  gap(12);
  write(invoiceTitle(invoice), 16);
  gap(8);
  write(`Поставщик: ${partyLine({ ...seller })}`);
  write(`Покупатель: ${partyLine(invoice.buyer)}`);
  gap(10);
  write(`1. ${invoiceItemText(invoice)}`);
  write(`Количество: ${invoiceQuantity(invoice)} авт.-мес. × ${pdfMoney(invoice.item.priceKopecks)} = ${pdfMoney(invoice.totalKopecks)}`, 10, MUTED, 14);
  gap(10);
  write(`Итого к оплате: ${pdfMoney(invoice.totalKopecks)}. ${invoice.vat}`, 13);
  gap(10);
  write(`Назначение платежа: ${paymentPurpose(invoice)}`, 10);
  gap(8);
  write('Счёт действителен 10 банковских дней.', 9, MUTED);
  return save();
}
