import { plural } from './plural.ts';
import type { PluralForms } from './plural.ts';

// What the waybill import says about a register's rows, with the numbers agreed («3 путевых листа»).

/** What became of a row (the `status` of a waybill row, src/api/structs/fleetDrivers.ts). */
export type WaybillRowState = { status: 'ready' | 'exists' | 'added' | 'invalid'; error: string | null; newDriver: boolean };

const SHEETS: PluralForms = ['путевой лист', 'путевых листа', 'путевых листов'];
const ROWS: PluralForms = ['строка', 'строки', 'строк'];

/** A number with its word. */
const counted = (n: number, forms: PluralForms) => `${n}\u00a0${plural(n, forms)}`;

/** The row's status column: «Можно добавить» (with a new driver), «Уже есть», «Добавлено», or what is wrong. */
export function waybillRowLabel(row: WaybillRowState): string {
  if (row.status === 'invalid') return row.error ?? 'Ошибка в строке';
  if (row.status === 'ready') return row.newDriver ? 'Можно добавить, водитель будет добавлен' : 'Можно добавить';
  return row.status === 'exists' ? 'Уже есть' : 'Добавлено';
}

/** The rows that can be added. */
export const waybillsReady = (rows: readonly WaybillRowState[]) => rows.filter((row) => row.status === 'ready').length;

/** The summary above the rows: «В файле 8 строк: 3 можно добавить, в 5 строках ошибки.» / «Добавлено 3 путевых листа.» */
export function waybillSummary(rows: readonly WaybillRowState[], done: boolean): string {
  const count = (status: WaybillRowState['status']) => rows.filter((row) => row.status === status).length;
  const invalid = count('invalid');
  const bad = invalid === 0 ? [] : [`в ${invalid}\u00a0${plural(invalid, ['строке', 'строках', 'строках'])} ${invalid === 1 ? 'ошибка — она не добавится' : 'ошибки — они не добавятся'}`];
  if (!done) {
    const parts = [...(count('ready') === 0 ? [] : [`${count('ready')} можно добавить`]), ...(count('exists') === 0 ? [] : [`${count('exists')} уже есть`]), ...bad];
    return `В файле ${counted(rows.length, ROWS)}: ${parts.join(', ')}.`;
  }
  return waybillNotice(count('added')) + (bad.length === 0 ? '' : ` Не добавлены строки с ошибками: ${invalid}.`);
}

/** The notice after adding: «Добавлено 3 путевых листа.» */
export function waybillNotice(added: number): string {
  return added === 0 ? 'Новых путевых листов в файле нет.' : `${plural(added, ['Добавлен', 'Добавлено', 'Добавлено'])} ${counted(added, SHEETS)}.`;
}

/** The add button: «Добавить 3 путевых листа». */
export const waybillButtonLabel = (ready: number) => `Добавить ${counted(ready, SHEETS)}`;
