// A text document on A4 pages with a Cyrillic font (pdf-lib, font embedded and subset): lines that
// wrap, and ruled tables, which the receipt and the invoice PDFs are laid out with. Loaded only when
// the user asks for a PDF.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { formatKopecks } from './paymentTotals.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

/** Dark text, the grey of notes, the rules of tables and the shade of their label cells. */
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.35, 0.38, 0.42);
const RULE = rgb(0.6, 0.64, 0.7);
const SHADE = rgb(0.95, 0.96, 0.98);

/** Text as the font can draw it: no-break and narrow spaces become plain ones (the font lacks the narrow one). */
const drawable = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** Money in a PDF: the same words as on the page, with plain spaces. */
export const pdfMoney = (kopecks: number) => drawable(formatKopecks(kopecks));

/** A row of a table: its cells (fewer than the columns: the last spans the rest), which are shaded, right-aligned, the size. */
export type PdfRow = { cells: readonly string[]; shade?: readonly boolean[]; right?: readonly boolean[]; size?: number };

/** Writes lines that wrap to the page and flow onto new pages, and tables; `save` gives the bytes. */
export type PdfWriter = {
  write(text: string, size?: number, color?: RGB, indent?: number): void;
  gap(points: number): void;
  /** A ruled table over the page's width; `widths` are the columns' shares. */
  table(rows: readonly PdfRow[], widths: readonly number[], size?: number): void;
  save(): Promise<Uint8Array>;
};

/** Splits text into lines no wider than `width` at `size`; a word longer than a line is cut (an account number in a narrow cell). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(text).split(/\s+/).filter((w) => w !== '')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (!fits(line) && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line !== '') lines.push(line);
  return lines.length === 0 ? [''] : lines;
}

/** A new document with its title. `fontBytes`: a TrueType font with Cyrillic letters (public/fonts). */
export async function createPdfWriter(title: string, fontBytes: Uint8Array): Promise<PdfWriter> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(drawable(title));
  pdf.setCreator('Штрафы Онлайн');
  pdf.setLanguage('ru-RU');
  const font = await pdf.embedFont(fontBytes, { subset: true });
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  /** Starts a new page when `height` more points would not fit. */
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  return {
    write(text, size = 10, color = INK, indent = 0) {
      for (const line of wrap(font, text, size, width - indent)) {
        room(size * 1.45);
        page.drawText(line, { x: MARGIN + indent, y: y - size, size, font, color });
        y -= size * 1.45;
      }
    },
    gap(points) {
      y -= points;
    },
    table(rows, widths, size = 9) {
      const sum = widths.reduce((a, b) => a + b, 0);
      const columns = widths.map((w) => (w / sum) * width);
      const pad = 3.5;
      for (const row of rows) {
        const s = row.size ?? size;
        const lineHeight = s * 1.3;
        // A row with fewer cells than columns: its last cell spans the rest.
        const cellWidths = row.cells.map((_, i) => (i === row.cells.length - 1 ? columns.slice(i).reduce((a, b) => a + b, 0) : (columns[i] ?? 0)));
        const lines = row.cells.map((cell, i) => wrap(font, cell, s, (cellWidths[i] ?? 0) - 2 * pad));
        const height = Math.max(...lines.map((l) => l.length)) * lineHeight + 2 * pad;
        room(height);
        let x = MARGIN;
        row.cells.forEach((_, i) => {
          const cellWidth = cellWidths[i] ?? 0;
          page.drawRectangle({ x, y: y - height, width: cellWidth, height, borderColor: RULE, borderWidth: 0.6, ...(row.shade?.[i] === true ? { color: SHADE } : {}) });
          (lines[i] ?? []).forEach((line, k) => {
            const textX = row.right?.[i] === true ? x + cellWidth - pad - font.widthOfTextAtSize(line, s) : x + pad;
            page.drawText(line, { x: textX, y: y - pad - s * 0.95 - k * lineHeight, size: s, font, color: INK });
          });
          x += cellWidth;
        });
        y -= height;
      }
    },
    save: () => pdf.save(),
  };
}
