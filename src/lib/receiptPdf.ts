// The receipt of a paid payment as a PDF (pdf-lib, with a Cyrillic font embedded and subset): one
// module for the receipt page (the browser builds the file when asked) and the receipt mail. The same
// blocks as the page, from receiptText.ts, laid out as ruled tables.
import { amountRows, itemHeading, itemRows, operationRows, operatorRows, RECEIPT_NOTE, RECEIPT_SAMPLE_NOTE, receiptMoment, receiptTitle, receiptTotal } from './receiptText.ts';
import type { ReceiptDocument, ReceiptRow } from './receiptText.ts';
import { createPdfWriter, MUTED } from './pdfWriter.ts';
import type { PdfRow } from './pdfWriter.ts';

export type { ReceiptDocument } from './receiptText.ts';

/** Label and value rows, the label cell shaded. */
const requisites = (rows: readonly ReceiptRow[]): PdfRow[] => rows.map(([label, value]) => ({ cells: [label, value], shade: [true, false] }));

/** The receipt as PDF bytes. `fontBytes`: a TrueType font with Cyrillic letters. */
export async function receiptPdf(receipt: ReceiptDocument, fontBytes: Uint8Array): Promise<Uint8Array> {
  const title = receiptTitle(receipt);
  const { write, gap, table, save } = await createPdfWriter(`${title} от ${receiptMoment(receipt.paidAt)}`, fontBytes);
  const widths = [32, 68];
  if (receipt.operator.test) {
    write(RECEIPT_SAMPLE_NOTE, 9.5, MUTED);
    gap(4);
  }
  write(title, 17);
  gap(6);
  write('Операция', 11);
  gap(2);
  table(requisites(operationRows(receipt)), widths);
  gap(10);
  write('Оператор сервиса', 11);
  gap(2);
  table(requisites(operatorRows(receipt)), widths);
  for (const item of receipt.items) {
    gap(12);
    write(itemHeading(receipt, item.uin), 12);
    if (item.title !== '') write(item.title, 9.5, MUTED);
    gap(2);
    table(requisites(itemRows(item)), widths);
  }
  gap(12);
  write('Суммы', 11);
  gap(2);
  table(
    amountRows(receipt).map(([label, value]) => ({ cells: [label, value], shade: [true, false], right: [false, true] })),
    widths,
  );
  gap(8);
  write(receiptTotal(receipt), 13);
  gap(10);
  write(RECEIPT_NOTE, 9, MUTED);
  return save();
}
