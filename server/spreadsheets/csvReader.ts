// CSV as people's spreadsheets save it. Excel on a Russian Windows saves «CSV (разделители — запятые)»
// in Windows-1251 with semicolons; «CSV UTF-8» adds a BOM; LibreOffice and 1С save UTF-8 with either
// separator; «Текст Юникод» is UTF-16 with tabs. We read the bytes ourselves: File.text() would turn
// every cp1251 letter into «�».

/** The separators a CSV may use. */
export type CsvDelimiter = ';' | ',' | '\t';

const DELIMITERS: readonly CsvDelimiter[] = [';', '\t', ','];

/** Lines the separator is guessed from (a header and a few rows say enough). */
const SAMPLE_LINES = 10;

/**
 * The text of a CSV file's bytes: a UTF-16 BOM → UTF-16; bytes that are valid UTF-8 (with or without
 * a BOM) → UTF-8; anything else → Windows-1251. Cyrillic text in cp1251 is practically never valid
 * UTF-8 (every letter byte, 0xC0–0xFF, would have to be followed by a byte 0x80–0xBF, which cp1251
 * spends on punctuation, «Ё» and «ё»), so trying UTF-8 first is safe. The BOM is not part of the text.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

/**
 * The separator of a CSV: counted outside quotes on its first lines. One that splits every sampled
 * line into the same number of cells wins (the most cells first); failing that, the most frequent.
 * A semicolon wins a tie: it is what Russian Excel writes, and commas appear in the text of cells.
 */
export function csvDelimiter(text: string): CsvDelimiter {
  const lines: Record<CsvDelimiter, number>[] = [];
  let counts: Record<CsvDelimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length && lines.length < SAMPLE_LINES; i++) {
    const ch = source[i];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === ';' || ch === ',' || ch === '\t') counts[ch] += 1;
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      if (Object.values(counts).some((n) => n > 0)) lines.push(counts);
      counts = { ';': 0, ',': 0, '\t': 0 };
    }
  }
  if (Object.values(counts).some((n) => n > 0)) lines.push(counts);
  if (lines.length === 0) return ';';
  const even = DELIMITERS.filter((d) => lines.every((line) => line[d] > 0 && line[d] === lines[0]?.[d]));
  const total = (d: CsvDelimiter) => lines.reduce((sum, line) => sum + line[d], 0);
  const pool = even.length > 0 ? even : DELIMITERS;
  // DELIMITERS is in order of preference; a stable sort keeps it for ties.
  return [...pool].sort((a, b) => total(b) - total(a))[0] ?? ';';
}

/**
 * Rows of cells as text, from CSV (`;`, `,` or tab, found by csvDelimiter; quotes as RFC 4180), at
 * most `maxRows` non-empty ones: reading stops there, so a caller that refuses more than N rows asks
 * for N + 1 and never reads the rest of a long file.
 */
export function csvRows(text: string, maxRows = Number.POSITIVE_INFINITY): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const delimiter = csvDelimiter(source);
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
