import { SaxesParser } from 'saxes';
import { ApiError } from '../http/apiError.ts';
import { UNREADABLE, openZip, unpack } from './zipArchive.ts';
import type { ZipArchive, ZipLimits } from './zipArchive.ts';

/**
 * The rows of an uploaded XLSX, read as a stream. Not exceljs's Workbook (it expands the whole
 * workbook into cell objects before anything can be counted: 715 KB took 15 s and 3.5 GB) nor its
 * streaming WorkbookReader (it walks the archive in file order and spools a sheet stored before the
 * shared strings, as Excel stores it, to a temporary file in full, with no limit on what it
 * unpacks). We open the parts we need by the archive's directory, in the order we need them, unpack
 * each under a limit and parse it with saxes (the XML parser exceljs itself uses), stopping at the
 * row we no longer need.
 */

/** What an uploaded XLSX (at most the 2 MB upload) is held to; a sheet of 2 000 vehicles in 30 columns unpacks to about 2 MB. */
export const XLSX_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxEntryBytes: 16 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  // Real sheets pack 5–15 times; a bomb packs about a thousand times.
  maxRatio: 100,
  ratioFromBytes: 1024 * 1024,
};

/** Columns read from a row: a vehicle list needs four; cells further right are skipped, so a row of a million cells allocates nothing. */
const MAX_COLUMNS = 64;

/** Characters kept from one cell (a model is cut to 100 anyway). */
const MAX_CELL_CHARS = 1_000;

/** What a part's parse is told: an element opened (local name, attributes), text inside, an element closed. */
type XmlHandlers = { open?: (name: string, attributes: Record<string, string>) => void; text?: (text: string) => void; close?: (name: string) => void };

/** The name without its namespace prefix (`x:row` → `row`): some writers prefix SpreadsheetML. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Streams one part of the archive through the handlers until it ends or `enough()` says so. */
async function parsePart(archive: ZipArchive, path: string, handlers: XmlHandlers, enough: () => boolean = () => false): Promise<void> {
  const entry = archive.entries.get(path);
  if (entry === undefined) throw new ApiError(422, UNREADABLE);
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) => handlers.open?.(localName(tag.name), tag.attributes as Record<string, string>));
  parser.on('text', (text) => handlers.text?.(text));
  parser.on('cdata', (text) => handlers.text?.(text));
  parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  const decoder = new TextDecoder('utf-8');
  const feed = (text: string | null) => {
    try {
      if (text === null) parser.close();
      else parser.write(text);
    } catch {
      throw new ApiError(422, UNREADABLE);
    }
  };
  for await (const chunk of unpack(archive, entry, XLSX_LIMITS.maxEntryBytes)) {
    // Leaving the loop ends the unpacking: the rest of the part is never inflated.
    feed(decoder.decode(chunk, { stream: true }));
    if (enough()) return;
  }
  feed(decoder.decode());
  feed(null);
}

/** A relationship of a part: id, type (its last path segment) and the part it points to, as a path in the archive. */
type Relationship = { id: string; type: string; path: string };

/** The relationships of the part at `partPath` (from its _rels file), with targets resolved against the part's folder. */
async function relationships(archive: ZipArchive, partPath: string): Promise<Relationship[]> {
  const folder = partPath.slice(0, partPath.lastIndexOf('/') + 1);
  const relsPath = `${folder}_rels/${partPath.slice(folder.length)}.rels`;
  if (!archive.entries.has(relsPath)) return [];
  const found: Relationship[] = [];
  await parsePart(archive, relsPath, {
    open: (name, attributes) => {
      const { Id: id, Type: type, Target: target, TargetMode: mode } = attributes;
      if (name === 'Relationship' && id !== undefined && type !== undefined && target !== undefined && mode !== 'External') {
        found.push({ id, type: type.slice(type.lastIndexOf('/') + 1), path: resolvePath(folder, target) });
      }
    },
  });
  return found;
}

/** A relationship target as a path in the archive: absolute ("/xl/…") or relative to the folder, with ".." applied. */
function resolvePath(folder: string, target: string): string {
  const segments: string[] = [];
  for (const segment of (target.startsWith('/') ? target : folder + target).split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/** The shared strings table: each entry's text, rich-text runs joined, phonetic hints left out. */
async function sharedStrings(archive: ZipArchive, path: string): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  await parsePart(archive, path, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 't' && phonetic === 0) inText = true;
      else if (name === 'rPh') phonetic++;
    },
    text: (text) => {
      if (inText && current.length < MAX_CELL_CHARS) current += text;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') strings.push(current.slice(0, MAX_CELL_CHARS));
    },
  });
  return strings;
}

/** The column of a cell reference ("C12" → 2), or `next` when the cell has none. */
function columnOf(reference: string | undefined, next: number): number {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference ?? '')?.[1];
  if (letters === undefined) return next;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

/** A cell's text by its type, as exceljs gave it before: numbers as JavaScript prints them, booleans as true/false, formulas by their cached result. */
function cellText(type: string, value: string, inline: string, shared: readonly string[]): string {
  switch (type) {
    case 's':
      return shared[Number.parseInt(value, 10)] ?? '';
    case 'inlineStr':
      return inline;
    case 'b':
      return value === '1' ? 'true' : 'false';
    case 'n': {
      const number = Number(value);
      return value.trim() !== '' && Number.isFinite(number) ? String(number) : value;
    }
    default:
      return value;
  }
}

/** The non-empty rows of the sheet at `path`, as text, up to `maxRows`; the part is unpacked and parsed only that far. */
async function sheetRows(archive: ZipArchive, path: string, shared: readonly string[], maxRows: number): Promise<string[][]> {
  const rows: string[][] = [];
  let cells: string[] | null = null;
  let cell: { column: number; type: string; value: string; inline: string } | null = null;
  let next = 0;
  let inValue = false;
  let inText = false;
  let phonetic = 0;
  await parsePart(
    archive,
    path,
    {
      open: (name, attributes) => {
        if (name === 'row') {
          cells = [];
          next = 0;
        } else if (name === 'c') {
          cell = { column: columnOf(attributes['r'], next), type: attributes['t'] ?? 'n', value: '', inline: '' };
        } else if (name === 'v') inValue = true;
        else if (name === 't' && phonetic === 0) inText = true;
        else if (name === 'rPh') phonetic++;
      },
      text: (text) => {
        if (cell === null) return;
        if (inValue && cell.value.length < MAX_CELL_CHARS) cell.value += text;
        else if (inText && cell.inline.length < MAX_CELL_CHARS) cell.inline += text;
      },
      close: (name) => {
        if (name === 'v') inValue = false;
        else if (name === 't') inText = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'c' && cell !== null) {
          if (cells !== null && cell.column < MAX_COLUMNS) cells[cell.column] = cellText(cell.type, cell.value, cell.inline, shared).slice(0, MAX_CELL_CHARS);
          next = cell.column + 1;
          cell = null;
        } else if (name === 'row' && cells !== null) {
          const row = Array.from(cells, (text) => text ?? '');
          // Like exceljs's eachRow without empty rows and like the CSV reader: a row of blank cells is no row.
          if (row.some((text) => text.trim() !== '')) rows.push(row);
          cells = null;
        }
      },
    },
    () => rows.length >= maxRows,
  );
  return rows.slice(0, maxRows);
}

/**
 * Rows of cells as text from the first sheet of an XLSX file (the workbook's order, as exceljs's
 * `worksheets[0]`), at most `maxRows` non-empty ones: a caller that refuses more than N rows asks
 * for N + 1 and never pays for the rest. Throws a 4xx ApiError for an archive outside the limits,
 * a damaged one, or one that is not a workbook.
 */
export async function xlsxRows(data: Uint8Array, maxRows: number): Promise<string[][]> {
  const archive = openZip(data, XLSX_LIMITS);
  const workbookPath = (await relationships(archive, '')).find((r) => r.type === 'officeDocument')?.path ?? 'xl/workbook.xml';
  let sheetId: string | undefined;
  await parsePart(
    archive,
    workbookPath,
    {
      open: (name, attributes) => {
        if (name === 'sheet' && sheetId === undefined) sheetId = Object.entries(attributes).find(([key]) => key === 'id' || key.endsWith(':id'))?.[1];
      },
    },
    () => sheetId !== undefined,
  );
  const related = await relationships(archive, workbookPath);
  const sheet = related.find((r) => r.id === sheetId && r.type === 'worksheet');
  if (sheet === undefined) return [];
  const stringsPath = related.find((r) => r.type === 'sharedStrings')?.path;
  const shared = stringsPath !== undefined && archive.entries.has(stringsPath) ? await sharedStrings(archive, stringsPath) : [];
  return sheetRows(archive, sheet.path, shared, maxRows);
}
