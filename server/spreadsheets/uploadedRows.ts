import type { Context } from 'hono';
import { ApiError } from '../http/apiError.ts';
import { csvRows, decodeCsv } from './csvReader.ts';
import { xlsxRows } from './xlsxReader.ts';

/**
 * The rows of a spreadsheet uploaded as a form's «file» field (XLSX or CSV), at most `maxRows`, and
 * whether the form asks for a preview. Both readers stop after `maxRows`; the XLSX one refuses archives
 * that unpack past its limits, so no upload is ever expanded whole. A CSV's bytes are decoded here:
 * Excel's cp1251 read as UTF-8 would turn every letter into «�».
 */
export async function uploadedRows(c: Context, maxRows: number): Promise<{ cells: string[][]; preview: boolean }> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'Не удалось прочитать файл');
  }
  const file = form['file'];
  if (!(file instanceof File)) throw new ApiError(400, 'Приложите файл XLSX или CSV в поле «file»');
  const name = file.name.toLowerCase();
  if (!name.endsWith('.xlsx') && !name.endsWith('.csv')) throw new ApiError(422, 'Нужен файл XLSX или CSV');
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const cells = name.endsWith('.xlsx') ? await xlsxRows(bytes, maxRows) : csvRows(decodeCsv(bytes), maxRows);
    return { cells, preview: form['preview'] === '1' };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(422, 'Файл не читается как XLSX или CSV. Сохраните таблицу заново и попробуйте ещё раз');
  }
}
