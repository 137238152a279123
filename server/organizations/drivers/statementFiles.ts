import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { bearerLabel, consentText, monthTitle, statementTotals, withholdingRules } from '../../../src/lib/driverStatement.ts';
import type { DriverStatement } from '../../../src/lib/driverStatement.ts';
import { WITHHOLDING_CAP_PERCENT } from '../../../src/lib/legalFacts/withholding.ts';
import { formatKopecks } from '../../../src/lib/paymentTotals.ts';
import { createPdfWriter, MUTED, pdfMoney } from '../../../src/lib/pdfWriter.ts';

/** The PDF font: the site's copy (public/fonts), or the built one (dist/fonts) where only the build is shipped. */
let font: Promise<Uint8Array> | undefined;
function statementFont(): Promise<Uint8Array> {
  const root = resolve(import.meta.dirname, '../../..');
  font ??= readFile(resolve(root, 'public/fonts/DejaVuSans.ttf')).catch(() => readFile(resolve(root, 'dist/fonts/DejaVuSans.ttf'))).then((bytes) => new Uint8Array(bytes));
  return font;
}

/** Roubles as a number for a spreadsheet cell. */
const roubles = (kopecks: number) => kopecks / 100;
/** Money in words on paper, with plain spaces. */
const money = (kopecks: number) => formatKopecks(kopecks).replace(/[\u00a0\u202f]/g, ' ');

/** The statement's title. */
export function statementTitle(statement: DriverStatement): string {
  return `Ведомость штрафов водителя за ${monthTitle(statement.month)}`;
}

/** The lines under the table: the sums and what is proposed from the next payment. */
function summaryLines(statement: DriverStatement): string[] {
  const totals = statementTotals(statement);
  return [
    `Штрафов: ${totals.count}, на сумму ${money(totals.fullKopecks)}; уплачено компанией ${money(totals.paidKopecks)}.`,
    `Несёт компания: ${money(totals.companyKopecks)}. Не решено, кто платит: ${totals.undecided}.`,
    `К возмещению водителем (уплаченные штрафы, которые несёт водитель): ${money(totals.owedKopecks)}.${totals.awaitingKopecks > 0 ? ` Ещё не оплачены компанией: ${money(totals.awaitingKopecks)} — к возмещению после оплаты.` : ''}`,
    statement.payKopecks === null
      ? `Удержать из ближайшей выплаты можно не больше ${WITHHOLDING_CAP_PERCENT} % её суммы после НДФЛ: укажите выплату, чтобы ведомость посчитала сумму.`
      : `Из ближайшей выплаты ${money(statement.payKopecks)} удержать: ${money(totals.proposedKopecks)} (не больше ${WITHHOLDING_CAP_PERCENT} % выплаты); остаток ${money(totals.carriedKopecks)} — из следующих выплат.`,
  ];
}

/** The statement as XLSX: the fines on the first sheet with sums, the limits and the consent form on the second. */
export async function statementXlsx(statement: DriverStatement): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Штрафы');
  sheet.addRow([statementTitle(statement)]).font = { bold: true, size: 13 };
  sheet.addRow([`${statement.organizationName} · водитель ${statement.driverName}, ВУ ${statement.driverLicense}`]);
  sheet.addRow([]);
  const header = sheet.addRow(['Дата и время', 'Постановление (УИН)', 'Нарушение', 'Место', 'Автомобиль', 'Штраф, ₽', 'Уплачено, ₽', 'Несёт', 'К возмещению, ₽']);
  header.font = { bold: true };
  for (const fine of statement.fines) {
    sheet.addRow([fine.when, fine.uin, fine.article, fine.place, fine.vehiclePlate, roubles(fine.fullKopecks), roubles(fine.paidKopecks), bearerLabel(fine.bearer), roubles(fine.bearer === 'driver' ? fine.paidKopecks : 0)]);
  }
  const totals = statementTotals(statement);
  sheet.addRow(['Итого', '', '', '', '', roubles(totals.fullKopecks), roubles(totals.paidKopecks), '', roubles(totals.owedKopecks)]).font = { bold: true };
  sheet.addRow([]);
  for (const line of summaryLines(statement)) sheet.addRow([line]);
  sheet.addRow(['Удержать из ближайшей выплаты, ₽', '', '', '', '', '', '', '', roubles(totals.proposedKopecks)]).font = { bold: true };
  [18, 28, 44, 36, 14, 12, 12, 12, 16].forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
  for (const column of [6, 7, 9]) sheet.getColumn(column).numFmt = '#,##0.00';
  const consent = workbook.addWorksheet('Согласие');
  consent.getColumn(1).width = 120;
  consent.addRow(['Пределы удержаний из заработной платы']).font = { bold: true };
  for (const rule of withholdingRules()) consent.addRow([rule]).alignment = { wrapText: true };
  consent.addRow([]);
  consent.addRow(['Согласие работника на удержание']).font = { bold: true };
  for (const line of consentText(statement, totals, money)) consent.addRow([line]).alignment = { wrapText: true };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The statement as a PDF: the same blocks as the XLSX, the consent form at the end for the driver to sign. */
export async function statementPdf(statement: DriverStatement): Promise<Uint8Array> {
  const { write, gap, table, save } = await createPdfWriter(statementTitle(statement), await statementFont());
  const totals = statementTotals(statement);
  write(statementTitle(statement), 15);
  gap(4);
  write(`${statement.organizationName} · водитель ${statement.driverName}, ВУ ${statement.driverLicense}`, 10, MUTED);
  if (statement.masked) write('Демо-режим: номера постановлений, госномера и места скрыты звёздочками.', 9, MUTED);
  gap(10);
  const right = [false, false, false, true, true, false, true];
  table(
    [
      { cells: ['Когда', 'УИН', 'Нарушение, место, автомобиль', 'Штраф', 'Уплачено', 'Несёт', 'К возмещению'], shade: [true, true, true, true, true, true, true], right },
      ...statement.fines.map((f) => ({
        cells: [f.when, f.uin, `${f.article}. ${f.place}. ${f.vehiclePlate}`, pdfMoney(f.fullKopecks), pdfMoney(f.paidKopecks), bearerLabel(f.bearer), pdfMoney(f.bearer === 'driver' ? f.paidKopecks : 0)],
        right,
      })),
      { cells: ['Итого', '', '', pdfMoney(totals.fullKopecks), pdfMoney(totals.paidKopecks), '', pdfMoney(totals.owedKopecks)], shade: [true, false, false, false, false, false, false], right },
    ],
    [11, 17, 28, 11, 11, 10, 12],
    7.5,
  );
  gap(10);
  for (const line of summaryLines(statement)) write(line, 10);
  gap(12);
  write('Пределы удержаний из заработной платы', 12);
  gap(4);
  for (const rule of withholdingRules()) write(rule, 8.5, MUTED);
  gap(14);
  write('Согласие работника на удержание', 12);
  gap(4);
  for (const line of consentText(statement, totals, money)) {
    write(line, 10);
    gap(8);
  }
  return save();
}
