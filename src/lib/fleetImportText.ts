import { plural } from './plural.ts';
import type { PluralForms } from './plural.ts';

// What the fleet import says about a file's rows, in Russian with the numbers agreed («4 строки»,
// «1 строка», «5 строк»): the status of each row and the summary above them.

/** What became of a row (the `status` of an import row, src/api/structs/organization.ts). */
export type ImportRowState = { status: 'ready' | 'exists' | 'added' | 'invalid'; error: string | null };

const ROWS: PluralForms = ['строка', 'строки', 'строк'];
const CARS: PluralForms = ['автомобиль', 'автомобиля', 'автомобилей'];

/** A number with its word: '4 строки', '1 автомобиль'. */
const counted = (n: number, forms: PluralForms) => `${n}\u00a0${plural(n, forms)}`;

/** The row's status column: «Можно добавить», «Уже в автопарке», «Добавлено», or what is wrong. */
export function importRowLabel(row: ImportRowState): string {
  if (row.status === 'invalid') return row.error ?? 'Ошибка в строке';
  return { ready: 'Можно добавить', exists: 'Уже в автопарке', added: 'Добавлено' }[row.status];
}

/** How many rows are in each state. */
export function importCounts(rows: readonly ImportRowState[]): Record<ImportRowState['status'], number> {
  const counts = { ready: 0, exists: 0, added: 0, invalid: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/**
 * The summary of a file read before adding: «В файле 4 строки: 3 можно добавить, 1 уже в автопарке.»;
 * of a file added: «Добавлено 3 автомобиля. Уже были в автопарке: 1.»
 */
export function importSummary(rows: readonly ImportRowState[], done: boolean): string {
  const { ready, exists, added, invalid } = importCounts(rows);
  const bad = invalid === 0 ? [] : [`в ${invalid}\u00a0${plural(invalid, ['строке', 'строках', 'строках'])} ${invalid === 1 ? 'ошибка — она не добавится' : 'ошибки — они не добавятся'}`];
  if (!done) {
    const parts = [...(ready === 0 ? [] : [`${ready} можно добавить`]), ...(exists === 0 ? [] : [`${exists} уже в автопарке`]), ...bad];
    return `В файле ${counted(rows.length, ROWS)}: ${parts.join(', ')}.`;
  }
  const head = added === 0 ? 'Новых автомобилей в файле нет.' : `${plural(added, ['Добавлен', 'Добавлено', 'Добавлено'])} ${counted(added, CARS)}.`;
  return [head, ...(exists === 0 ? [] : [`Уже были в автопарке: ${exists}.`]), ...(invalid === 0 ? [] : [`Строк с ошибками: ${invalid}.`])].join(' ');
}

/** The button that adds the rows that can be added: «Добавить 4 автомобиля». */
export const importButtonLabel = (ready: number) => `Добавить ${counted(ready, CARS)}`;

/** The notice once the file is added: «Добавлено 4 автомобиля», «Добавлен 1 автомобиль». */
export const importNotice = (added: number) => (added === 0 ? 'Новых автомобилей в файле нет' : `${plural(added, ['Добавлен', 'Добавлено', 'Добавлено'])} ${counted(added, CARS)}`);
