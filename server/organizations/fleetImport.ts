import type { ImportRow } from '../../src/api/structs/organization.ts';
import { normalizePlateNumber, normalizePlateRegion, normalizeSts } from '../../src/lib/normalize.ts';
import { parseCarId } from '../../src/api/structs/carId.ts';
import { validators } from '../../src/lib/validators.ts';

/** Rows an import may have at most. */
export const IMPORT_LIMIT = 2_000;

/** Header words that name each column (the first row may be a header; then columns are found by it). */
const HEADERS: Record<'sts' | 'plate' | 'region' | 'model', RegExp> = {
  sts: /стс|свидетельств|sts/i,
  plate: /госномер|номер ?(тс|авто)|plate|гос\.? ?номер|госзнак|рег\.? ?знак|грз/i,
  region: /регион|region/i,
  model: /марка|модель|model/i,
};

/** Reads one row of cells (sts, plate — with or without region —, region, model) into an import row with its error. */
export function readVehicleRow(line: number, cells: readonly string[], columns: Columns): ImportRow {
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
  return { line, sts, vehiclePlateNumber: plate, vehiclePlateRegion: region, model: model === '' ? null : model, error, status: error === null ? 'ready' : 'invalid' };
}

/** The columns of the vehicle list: an index per field, -1 where the file has none. */
type Columns = { sts: number; plate: number; region: number; model: number };

/** Whether a cell holds an СТС number (a data row has one; a header never does). */
const isSts = (cell: string) => cell.trim() !== '' && validators.sts(cell) === undefined;

/**
 * Finds the columns by a header row; without names it knows, the order is СТС, госномер, регион,
 * модель. The first row is a header when it names the СТС and plate columns, names any column we
 * know, or holds no СТС while a later row does: a header is never imported as a vehicle.
 */
function columnsOf(rows: readonly string[][]): { columns: Columns; hasHeader: boolean } {
  const first = rows[0] ?? [];
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
  const named = first.some((cell) => Object.values(HEADERS).some((re) => re.test(cell)));
  const wordsOnly = !first.some(isSts) && rows.slice(1).some((row) => row.some(isSts));
  return { columns: { sts: 0, plate: 1, region: 2, model: 3 }, hasHeader: named || wordsOnly };
}

/** The rows of an import file (XLSX or CSV), each checked; a header row is recognised and skipped. */
export function readVehicleRows(rows: readonly string[][]): ImportRow[] {
  const { columns, hasHeader } = columnsOf(rows);
  const body = hasHeader ? rows.slice(1) : rows;
  const seen = new Set<string>();
  return body.map((cells, index) => {
    const row = readVehicleRow(index + (hasHeader ? 2 : 1), cells, columns);
    if (row.error === null && seen.has(row.sts)) return { ...row, error: 'Это СТС уже есть выше в файле', status: 'invalid' };
    seen.add(row.sts);
    return row;
  });
}

/**
 * The rows with what became of each: a valid row whose СТС the fleet already had is 'exists'; after
 * the import, a valid row that was inserted is 'added' (`added` holds the СТС inserted; undefined for
 * a preview, where valid new rows stay 'ready').
 */
export function importOutcome(rows: readonly ImportRow[], had: ReadonlySet<string>, added?: ReadonlySet<string>): ImportRow[] {
  return rows.map((row) => {
    if (row.error !== null) return row;
    if (added?.has(row.sts) === true) return { ...row, status: 'added' };
    if (had.has(row.sts) || added !== undefined) return { ...row, status: 'exists' };
    return row;
  });
}
