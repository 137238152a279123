import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invoicePdf } from '../../../src/lib/invoicePdf.ts';
import { invoiceFormula, invoiceTitle, totalLine } from '../../../src/lib/invoiceText.ts';
import type { InvoiceDocument } from '../../../src/lib/invoiceText.ts';
import { pdfText } from './pdfText.ts';

// Issue 24, item 16: the total is shown as it is made («3 авто × 12 мес × 150 ₽ = 5 400 ₽»), and the
// PDF holds what the page shows.

const font = new Uint8Array(readFileSync(new URL('../../../public/fonts/DejaVuSans.ttf', import.meta.url)));
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('invoiceFormula', () => {
  it.each([
    [3, 12, 15_000, '3 авто × 12 мес × 150 ₽ = 5 400 ₽'],
    [1, 1, 15_000, '1 авто × 1 мес × 150 ₽ = 150 ₽'],
    [250, 36, 14_990, '250 авто × 36 мес × 149,90 ₽ = 1 349 100 ₽'],
  ])('%i × %i × %i kopecks → «%s»', (vehicles, months, price, text) => {
    expect(plain(invoiceFormula(vehicles, months, price))).toBe(text);
  });
});

describe('the invoice PDF', () => {
  const invoice: InvoiceDocument = {
    number: '2026-00012',
    createdAt: '2026-11-25T09:00:00.000Z',
    seller: { name: 'ООО «Оператор»', inn: '7700000000', kpp: '770001001', address: 'г. Москва, ул. Примерная, д. 1', bank: { name: 'АО «Банк»', bik: '044525000', account: '40702810000000000000', correspondentAccount: '30101810000000000000' } },
    buyer: { name: 'ПАО «Сбербанк»', inn: '7707083893', kpp: '773601001', address: null },
    item: { title: 'Доступ к кабинету организации', vehicles: 3, months: 12, priceKopecks: 15_000 },
    totalKopecks: 540_000,
    vat: 'Без НДС',
    test: false,
    paidAt: null,
  };

  it('holds the page\'s blocks: bank, heading, parties, the service line, how the total is made, the total', async () => {
    const text = await pdfText(await invoicePdf(invoice, font));
    for (const piece of [
      plain(invoiceTitle(invoice)),
      'Банк получателя АО «Банк» БИК 044525000',
      '40702810000000000000',
      'Покупатель ПАО «Сбербанк», ИНН 7707083893, КПП 773601001',
      'Доступ к кабинету организации: 3 автомобиля на 12 месяцев',
      '36 150 ₽ 5 400 ₽',
      'Расчёт: 3 авто × 12 мес × 150 ₽ = 5 400 ₽',
      plain(totalLine(invoice)),
      'Счёт действителен 10 банковских дней.',
    ]) {
      expect(text).toContain(piece);
    }
    expect(text).not.toContain('Образец');
  });

  it('says it is a sample when the seller\'s requisites are the repository\'s test values', async () => {
    expect(await pdfText(await invoicePdf({ ...invoice, test: true }, font))).toContain('Образец: реквизиты продавца — тестовые значения');
  });
});
