import { describe, expect, it } from 'vitest';
import { importButtonLabel, importNotice, importRowLabel, importSummary } from '../../../src/lib/fleetImportText.ts';
import type { ImportRowState } from '../../../src/lib/fleetImportText.ts';

// Issue 24, item 15: Russian plurals everywhere in the import («4 строки», «1 строка», «5 строк»).

const rows = (counts: Partial<Record<ImportRowState['status'], number>>): ImportRowState[] =>
  Object.entries(counts).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status: status as ImportRowState['status'], error: status === 'invalid' ? 'Некорректный номер СТС' : null })));

/** Spaces as a reader sees them (the texts bind numbers to words with no-break spaces). */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('importSummary', () => {
  it.each([
    [{ ready: 1 }, false, 'В файле 1 строка: 1 можно добавить.'],
    [{ ready: 4 }, false, 'В файле 4 строки: 4 можно добавить.'],
    [{ ready: 5 }, false, 'В файле 5 строк: 5 можно добавить.'],
    [{ ready: 20, exists: 1 }, false, 'В файле 21 строка: 20 можно добавить, 1 уже в автопарке.'],
    [{ ready: 2, invalid: 1 }, false, 'В файле 3 строки: 2 можно добавить, в 1 строке ошибка — она не добавится.'],
    [{ ready: 9, invalid: 2 }, false, 'В файле 11 строк: 9 можно добавить, в 2 строках ошибки — они не добавятся.'],
    [{ added: 1 }, true, 'Добавлен 1 автомобиль.'],
    [{ added: 4 }, true, 'Добавлено 4 автомобиля.'],
    [{ added: 5, exists: 2, invalid: 1 }, true, 'Добавлено 5 автомобилей. Уже были в автопарке: 2. Строк с ошибками: 1.'],
    [{ exists: 3 }, true, 'Новых автомобилей в файле нет. Уже были в автопарке: 3.'],
  ])('%j (done: %s) → «%s»', (counts, done, text) => {
    expect(plain(importSummary(rows(counts), done))).toBe(text);
  });
});

describe('the row and the button', () => {
  it.each([
    [{ status: 'ready', error: null }, 'Можно добавить'],
    [{ status: 'exists', error: null }, 'Уже в автопарке'],
    [{ status: 'added', error: null }, 'Добавлено'],
    [{ status: 'invalid', error: 'Не указан регион' }, 'Не указан регион'],
  ] as const)('%j → «%s»', (row, label) => {
    expect(importRowLabel(row)).toBe(label);
  });

  it.each([
    [1, 'Добавить 1 автомобиль', 'Добавлен 1 автомобиль'],
    [3, 'Добавить 3 автомобиля', 'Добавлено 3 автомобиля'],
    [11, 'Добавить 11 автомобилей', 'Добавлено 11 автомобилей'],
  ])('%i → «%s», «%s»', (n, button, notice) => {
    expect(plain(importButtonLabel(n))).toBe(button);
    expect(plain(importNotice(n))).toBe(notice);
  });
});
