// An invoice (счёт на оплату) as a PDF, built in the browser when asked (pdf-lib loads only then): the
// same blocks in the same order as its page (/invoice/{hash}/, InvoiceView.tsx) — the payee's bank
// table, the heading, the parties, the table of services, how the total is made, the total, the purpose.
import { invoiceFormulaOf, invoiceItemText, invoiceQuantity, invoiceTitle, partyLine, paymentPurpose, totalLine, invoiceValidity } from './invoiceText.ts';
import type { InvoiceDocument } from './invoiceText.ts';
import { createPdfWriter, MUTED, pdfMoney } from './pdfWriter.ts';

/** The invoice as PDF bytes. `fontBytes`: a TrueType font with Cyrillic letters. */
export async function invoicePdf(invoice: InvoiceDocument, fontBytes: Uint8Array): Promise<Uint8Array> {
  const { write, gap, table, save } = await createPdfWriter(invoiceTitle(invoice), fontBytes);
  const { seller } = invoice;
  if (invoice.test) {
    write('Образец: реквизиты продавца — тестовые значения из настроек, по этому счёту платить нельзя.', 9.5, MUTED);
    gap(6);
  }
  table(
    [
      { cells: ['Банк получателя', seller.bank.name, 'БИК', seller.bank.bik], shade: [true, false, true, false] },
      { cells: ['Получатель', `${seller.name}, ИНН ${seller.inn}${seller.kpp === null ? '' : `, КПП ${seller.kpp}`}`, 'Сч. №', `${seller.bank.account} корр. ${seller.bank.correspondentAccount}`], shade: [true, false, true, false] },
    ],
    [18, 44, 9, 29],
  );
  gap(14);
  write(invoiceTitle(invoice), 15);
  gap(6);
  table(
    [
      { cells: ['Поставщик', partyLine(seller)], shade: [true, false] },
      { cells: ['Покупатель', partyLine(invoice.buyer)], shade: [true, false] },
    ],
    [18, 82],
  );
  gap(10);
  const right = [false, false, true, true, true];
  table(
    [
      { cells: ['№', 'Услуга', 'Кол-во, авт.-мес.', 'Цена', 'Сумма'], shade: [true, true, true, true, true], right },
      { cells: ['1', invoiceItemText(invoice), String(invoiceQuantity(invoice)), pdfMoney(invoice.item.priceKopecks), pdfMoney(invoice.totalKopecks)], right },
    ],
    [5, 50, 15, 13, 17],
  );
  gap(6);
  write(`Расчёт: ${invoiceFormulaOf(invoice)}`, 10, MUTED);
  write(totalLine(invoice), 13);
  gap(8);
  write(`Назначение платежа: ${paymentPurpose(invoice)}`, 10);
  gap(6);
  write(invoiceValidity(invoice), 9, MUTED);
  return save();
}
