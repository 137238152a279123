import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { receiptPdf } from '../../../src/lib/receiptPdf.ts';

const font = new Uint8Array(readFileSync(new URL('../../../public/fonts/DejaVuSans.ttf', import.meta.url)));
const payee = { name: 'УФК по г. Москве (ГУ МВД России по г. Москве)', inn: '7707089101', kpp: '770731005', account: '03100643000000017300', bik: '004525988', bankName: 'ГУ Банка России по ЦФО', oktmo: '45380000', kbk: '18811601123010001140' };

/** The text of every page of a PDF, as pdf.js reads it. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join('\n');
}

describe('the receipt PDF', () => {
  it('is a PDF with the Cyrillic text, the УИН and the amounts, readable back', async () => {
    const bytes = await receiptPdf(
      { paymentId: 'a'.repeat(32), paidAt: '2026-11-24T10:00:00.000Z', payer: 'Иванов Иван Иванович', items: [{ uin: '18810177250612002172', amount: 75_000, title: 'Превышение скорости на 20–40 км/ч', payee }], amount: 75_000, commission: 3_000, total: 78_000, gateway: 'moneta', operationId: '123456789' },
      font,
    );
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = (await textOf(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Квитанция об оплате');
    expect(text).toContain('18810177250612002172');
    expect(text).toContain('Иванов Иван Иванович');
    expect(text).toContain('780 ₽');
    expect(text).toContain('18811601123010001140');
    // The font is subset: the file stays small.
    expect(bytes.length).toBeLessThan(120_000);
  });
});
