// A plain text document on A4 pages with a Cyrillic font (pdf-lib, font embedded and subset): what the
// receipt and the invoice PDFs are written with. Loaded only when the user asks for a PDF.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { formatKopecks } from './paymentTotals.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

/** Dark text, and the grey of notes. */
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.35, 0.38, 0.42);

/** Money in a PDF: the same words as on the page, with plain spaces (the font has no narrow no-break space). */
export const pdfMoney = (kopecks: number) => formatKopecks(kopecks).replace(/\u00a0/g, ' ');

/** Writes lines that wrap to the page and flow onto new pages; `save` gives the bytes. */
export type PdfWriter = {
  write(text: string, size?: number, color?: RGB, indent?: number): void;
  gap(points: number): void;
  save(): Promise<Uint8Array>;
};

/** Splits text into lines no wider than `width` at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) <= width || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A new document with its title. `fontBytes`: a TrueType font with Cyrillic letters (public/fonts). */
export async function createPdfWriter(title: string, fontBytes: Uint8Array): Promise<PdfWriter> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(title);
  pdf.setCreator('Штрафы Онлайн');
  const font = await pdf.embedFont(fontBytes, { subset: true });
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  return {
    write(text, size = 10, color = INK, indent = 0) {
      for (const line of wrap(font, text, size, width - indent)) {
        if (y < MARGIN + size) {
          page = pdf.addPage(A4);
          y = A4[1] - MARGIN;
        }
        page.drawText(line, { x: MARGIN + indent, y: y - size, size, font, color });
        y -= size * 1.45;
      }
    },
    gap(points) {
      y -= points;
    },
    save: () => pdf.save(),
  };
}
