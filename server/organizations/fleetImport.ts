import type { ImportRow } from '../../src/api/structs/organization.ts';
import { normalizePlateNumber, normalizePlateRegion, normalizeSts } from '../../src/lib/normalize.ts';
import { parseCarId } from '../../src/api/structs/carId.ts';
import { validators } from '../../src/lib/validators.ts';

/** Rows an import may have at most. */
export const IMPORT_LIMIT = 2_000;

/** Header words that name each column (the first row may be a header; then columns are found by it). */
const HEADERS: Record<'sts' | 'plate' | 'region' | 'model', RegExp> = {
  sts: /стс|свидетельств|sts/i,
  plate: /госномер|номер ?(тс|авто)|plate|гос\.? ?номер|грз/i,
  region: /регион|region/i,
  model: /марка|модель|model/i,
};

/** Reads one row of cells (sts, plate — with or without region —, region, model) into an import row with its error. */
export function readVehicleRow(line: number, cells: readonly string[], columns: { sts: number; plate: number; region: number; model: number }): ImportRow {
  const cell = (index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
  const stsText = cell(columns.sts);
  let plate = normalizePlateNumber(cell(columns.plate));
  let region = normalizePlateRegion(cell(columns.region));
  if (region === '') {
    const car = parseCarId(cell(columns.plate));
    if (car?.kind === 'plate') ({ plateNumber: plate, plateRegion: region } = car);
  }
  const sts = normalizeSts(stsText);
  const error =
    (stsText === '' ? 'Не указан номер СТС' : validators.sts(sts)) ??
    (plate === '' ? 'Не указан госномер' : validators.plateNumber(plate)) ??
    (region === '' ? 'Не указан регион' : validators.plateRegion(region)) ??
    null;
  const model = cell(columns.model).slice(0, 100);
  return { line, sts, vehiclePlateNumber: plate, vehiclePlateRegion: region, model: model === '' ? null : model, error };
}

/** Finds the columns by a header row; without one, the order is СТС, госномер, регион, модель. */
function columnsOf(first: readonly string[]): { columns: { sts: number; plate: number; region: number; model: number }; hasHeader: boolean } {
  const taken = new Set<number>();
  // Each column answers one header only ("Госномер с регионом" is the plate, not also the region).
  const find = (re: RegExp) => {
    const index = first.findIndex((cell, i) => !taken.has(i) && re.test(cell));
    if (index >= 0) taken.add(index);
    return index;
  };
  const sts = find(HEADERS.sts);
  const plate = find(HEADERS.plate);
  if (sts >= 0 && plate >= 0) return { columns: { sts, plate, region: find(HEADERS.region), model: find(HEADERS.model) }, hasHeader: true };
  return { columns: { sts: 0, plate: 1, region: 2, model: 3 }, hasHeader: false };
}

/**
 * Rows of cells as text, from CSV (comma or semicolon, quotes as RFC 4180) — what Excel and 1С save —,
 * at most `maxRows` non-empty ones: reading stops there, so a caller that refuses more than N rows
 * asks for N + 1 and never reads the rest of a long file.
 */
export function csvRows(text: string, maxRows = Number.POSITIVE_INFINITY): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const newline = source.indexOf('\n');
  const firstLine = newline < 0 ? source : source.slice(0, newline);
  const delimiter = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const rows: string[][] = [];
  // Rows of blank cells are skipped, as spreadsheets leave them at the end of a file.
  const keep = (row: string[]) => {
    if (row.some((c) => c.trim() !== '')) rows.push(row);
  };
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length && rows.length < maxRows; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      keep(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (rows.length < maxRows && (cell !== '' || row.length > 0)) {
    row.push(cell);
    keep(row);
  }
  return rows;
}

/** The rows of an import file (XLSX or CSV), each checked; a header row is recognised and skipped. */
export function readVehicleRows(rows: readonly string[][]): ImportRow[] {
  const first = rows[0] ?? [];
  const { columns, hasHeader } = columnsOf(first);
  const body = hasHeader ? rows.slice(1) : rows;
  const seen = new Set<string>();
  return body.map((cells, index) => {
    const row = readVehicleRow(index + (hasHeader ? 2 : 1), cells, columns);
    if (row.error === null && seen.has(row.sts)) return { ...row, error: 'Это СТС уже есть выше в файле' };
    seen.add(row.sts);
    return row;
  });
}
