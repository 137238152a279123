import ExcelJS from 'exceljs';
import type { FleetFine } from '../../src/api/structs/organization.ts';
import type { AppDeps } from '../appDeps.ts';
import { neutralizeFormula } from '../spreadsheets/formulaText.ts';
import { listFleetFines } from './fleetFines.ts';
import type { FleetFilters } from './fleetFines.ts';
import { articleLabel } from '../../src/lib/koapCitation.ts';

/** Most fines one export carries (fifty pages of a thousand). */
export const EXPORT_MAX_ROWS = 50_000;

/** The file of an export. */
export type ExportFile = { body: Uint8Array<ArrayBuffer>; contentType: string; filename: string };

/** The columns, in Russian, and how each value is read from a fine. */
const COLUMNS: readonly { header: string; width: number; value: (fine: FleetFine) => string | number | Date | null; kind?: 'date' | 'money' }[] = [
  { header: 'Организация', width: 28, value: (f) => f.organizationName },
  { header: 'Постановление (УИН)', width: 28, value: (f) => f.uin },
  { header: 'Дата постановления', width: 14, value: (f) => dateOf(f.rulingDate), kind: 'date' },
  { header: 'Статья КоАП', width: 24, value: (f) => articleLabel(f.article) },
  { header: 'Нарушение', width: 40, value: (f) => f.articleTitle },
  { header: 'Госномер или ВУ', width: 18, value: (f) => f.foundBy },
  { header: 'Место', width: 40, value: (f) => f.place },
  { header: 'Сумма без скидки, ₽', width: 14, value: (f) => f.fullAmount, kind: 'money' },
  { header: 'К оплате, ₽', width: 12, value: (f) => f.amountToPay, kind: 'money' },
  { header: 'Скидка до', width: 12, value: (f) => (f.discountActive && f.discountLastDay !== null ? dateOf(f.discountLastDay) : null), kind: 'date' },
  { header: 'Оплачен', width: 9, value: (f) => (f.paid ? 'Да' : 'Нет') },
];

/** 'YYYY-MM-DD' as a date (midnight UTC, which spreadsheets show as that day). */
function dateOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** Every fine the filters match (masked as the list is), page by page, up to EXPORT_MAX_ROWS. */
export async function allFleetFines(deps: AppDeps, userId: number, filters: Omit<FleetFilters, 'page' | 'showBy'>): Promise<FleetFine[]> {
  const fines: FleetFine[] = [];
  for (let page = 1; fines.length < EXPORT_MAX_ROWS; page++) {
    const reply = await listFleetFines(deps, userId, { ...filters, page, showBy: 1_000 });
    fines.push(...reply.items);
    if (reply.items.length < 1_000 || fines.length >= reply.total) break;
  }
  return fines.slice(0, EXPORT_MAX_ROWS);
}

/** The fines as an XLSX workbook: Russian headers, dates as dates, amounts as numbers, text as strings (exceljs writes a string as a string even when it starts with "=": only a { formula } value is a formula). */
export async function fleetXlsx(fines: readonly FleetFine[]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Штрафы');
  sheet.columns = COLUMNS.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const fine of fines) sheet.addRow(COLUMNS.map((column) => column.value(fine)));
  COLUMNS.forEach((column, index) => {
    if (column.kind === undefined) return;
    sheet.getColumn(index + 1).numFmt = column.kind === 'date' ? 'dd.mm.yyyy' : '#,##0.00';
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** One CSV cell: quoted when it holds the separator, a quote or a line break; text that would run as a formula is neutralised. */
function cell(value: string | number | Date | null): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10).split('-').reverse().join('.');
  // Russian spreadsheets read a comma as the decimal point.
  const text = typeof value === 'number' ? value.toFixed(2).replace('.', ',') : neutralizeFormula(value);
  return /[;"\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The fines as CSV for Russian spreadsheets: UTF-8 with a BOM, ';' between cells, dates DD.MM.YYYY, amounts with a decimal comma. */
export function fleetCsv(fines: readonly FleetFine[]): Uint8Array<ArrayBuffer> {
  const lines = [COLUMNS.map((column) => cell(column.header)).join(';'), ...fines.map((fine) => COLUMNS.map((column) => cell(column.value(fine))).join(';'))];
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** The export in the asked format, named by the day it was made. */
export async function exportFile(fines: readonly FleetFine[], format: 'xlsx' | 'csv', today: string): Promise<ExportFile> {
  const filename = `shtrafy-avtoparka-${today}.${format}`;
  if (format === 'csv') return { body: fleetCsv(fines), contentType: 'text/csv; charset=utf-8', filename };
  return { body: await fleetXlsx(fines), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename };
}
