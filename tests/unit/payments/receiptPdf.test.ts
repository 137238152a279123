import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { receiptPdf } from '../../../src/lib/receiptPdf.ts';
import type { ReceiptDocument } from '../../../src/lib/receiptText.ts';
import { receiptMoment, receiptTitle } from '../../../src/lib/receiptText.ts';
import { pdfText } from '../lib/pdfText.ts';

const font = new Uint8Array(readFileSync(new URL('../../../public/fonts/DejaVuSans.ttf', import.meta.url)));
const payee = { name: 'УФК по г. Москве (ГУ МВД России по г. Москве)', inn: '7707089101', kpp: '770731005', account: '03100643000000017300', bik: '004525988', bankName: 'ГУ Банка России по ЦФО', oktmo: '45380000', kbk: '18811601123010001140' };
const operator = { name: 'ООО «Оператор»', inn: '7700000000', kpp: '770001001', ogrn: '1027700000000', address: '101000, г. Москва, ул. Примерная, д. 1', test: false };

/** A paid fine of 1 500 ₽ paid with its 50 % discount, 30 ₽ commission. */
const receipt: ReceiptDocument = {
  paidAt: '2026-11-24T10:05:00.000Z',
  payer: 'Иванов Иван Иванович',
  kind: 'fines',
  items: [{ uin: '18810177250612002172', amount: 75_000, fullAmountKopecks: 150_000, discountKopecks: 75_000, title: 'Превышение скорости на 20–40 км/ч', payee }],
  amount: 75_000,
  commission: 3_000,
  total: 78_000,
  fullAmountKopecks: 150_000,
  discountKopecks: 75_000,
  gateway: 'moneta',
  gatewayName: 'НКО «МОНЕТА» (ООО)',
  operationId: '123456789',
  operator,
};

describe('the receipt PDF (issue 24, item 5)', () => {
  it('is a document: heading, operation in Moscow time with the gateway\'s number, operator, payee, amounts with the discount, payer', async () => {
    const bytes = await receiptPdf(receipt, font);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const piece of [
      'Квитанция об оплате штрафа',
      'Дата и время операции 24 ноября 2026 г., 13:05 МСК',
      'Номер операции 123456789',
      'Платёжная система НКО «МОНЕТА» (ООО)',
      'Плательщик Иванов Иван Иванович',
      'Оператор ООО «Оператор»',
      'ИНН / КПП 7700000000 / 770001001',
      'ОГРН 1027700000000',
      'Постановление 18810177250612002172',
      'УИН 18810177250612002172',
      'Получатель УФК по г. Москве (ГУ МВД России по г. Москве)',
      'ИНН / КПП получателя 7707089101 / 770731005',
      'Банк получателя ГУ Банка России по ЦФО',
      'БИК 004525988',
      'Счёт получателя 03100643000000017300',
      'ОКТМО 45380000',
      'КБК 18811601123010001140',
      'Начислено 1 500 ₽',
      'Скидка −750 ₽',
      'Оплачено 750 ₽',
      'Штрафы без скидки 1 500 ₽',
      'Комиссия сервиса 30 ₽',
      'Всего списано: 780 ₽',
    ]) {
      expect(text).toContain(piece);
    }
    expect(text).not.toContain('Образец');
    // The font is subset: the file stays small.
    expect(bytes.length).toBeLessThan(120_000);
  });

  it('says when the operator\'s requisites are test values, and names taxes as taxes', async () => {
    const text = await pdfText(await receiptPdf({ ...receipt, kind: 'taxes', operator: { ...operator, test: true } }, font));
    expect(text).toContain('Образец: реквизиты оператора — тестовые значения из настроек.');
    expect(text).toContain('Квитанция об оплате налога');
    expect(text).toContain('Начисление 18810177250612002172');
  });
});

describe('receiptTitle and receiptMoment', () => {
  it.each([
    ['fines', 1, 'Квитанция об оплате штрафа'],
    ['fines', 2, 'Квитанция об оплате штрафов'],
    ['taxes', 1, 'Квитанция об оплате налога'],
    ['taxes', 3, 'Квитанция об оплате налогов'],
  ] as const)('%s × %i → «%s»', (kind, n, title) => {
    expect(receiptTitle({ kind, items: receipt.items.concat(Array(n - 1).fill(receipt.items[0])) })).toBe(title);
  });

  it('writes Moscow time, across midnight too', () => {
    expect(receiptMoment('2026-12-31T21:30:00.000Z').replace('\u00a0', ' ')).toBe('1 января 2027 г., 00:30 МСК');
  });
});
